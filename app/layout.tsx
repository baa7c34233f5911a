import type { Metadata } from "next";
import Link from "next/link";
import { AccountMenu } from "@/components/accounts/account-menu";
import { CspSafeZod } from "@/components/ui/csp-safe-zod";
import { NavLink } from "@/components/ui/nav-link";
import { HeaderMenu } from "@/components/ui/navigation/header-menu";
import { can, type Action } from "@/lib/accounts/roles";
import { currentUser } from "@/lib/accounts/server/guard";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Callboard", template: "%s · Callboard" },
  description: "Evaluate and review how your LLM agents call tools",
};

// Each section names what a role needs to use it; the header hides the rest (the pages refuse them anyway).
const sections: { href: string; label: string; action: Action }[] = [
  { href: "/transcripts", label: "Transcripts", action: "read" },
  { href: "/criteria", label: "Criteria", action: "read" },
  { href: "/runs", label: "Runs", action: "read" },
  { href: "/monitors", label: "Monitors", action: "read" },
  { href: "/review", label: "Review", action: "read" },
];

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Only decides what the header shows; each page checks the session and role itself.
  const user = await currentUser();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <CspSafeZod />
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
            <Link href="/" className="text-lg font-semibold tracking-tight">
              Callboard
            </Link>
            {user ? (
              <HeaderMenu>
                <nav aria-label="Main">
                  <ul className="flex flex-wrap gap-1">
                    {sections.filter((section) => can(user.role, section.action)).map((section) => (
                      <li key={section.href}>
                        <NavLink href={section.href}>{section.label}</NavLink>
                      </li>
                    ))}
                  </ul>
                </nav>
                <AccountMenu user={user} />
              </HeaderMenu>
            ) : null}
          </div>
        </header>
        <main id="main" className="mx-auto max-w-7xl px-4 py-8">
          {children}
        </main>
      </body>
    </html>
  );
}
