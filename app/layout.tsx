import type { Metadata } from "next";
import Link from "next/link";
import { NavLink } from "@/components/nav-link";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Callboard", template: "%s · Callboard" },
  description: "Evaluate and review how your LLM agents call tools",
};

const sections = [
  { href: "/transcripts", label: "Transcripts" },
  { href: "/criteria", label: "Criteria" },
  { href: "/runs", label: "Runs" },
  { href: "/review", label: "Review" },
];

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2">
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-3">
            <Link href="/" className="text-lg font-semibold tracking-tight">
              Callboard
            </Link>
            <nav aria-label="Main">
              <ul className="flex gap-1">
                {sections.map((section) => (
                  <li key={section.href}>
                    <NavLink href={section.href}>{section.label}</NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </header>
        <main id="main" className="mx-auto max-w-7xl px-4 py-8">
          {children}
        </main>
      </body>
    </html>
  );
}
