"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** `exact`: active only on this very path, for a tab whose siblings live under it (/settings vs /settings/tokens). */
export function NavLink({ href, exact = false, children }: { href: string; exact?: boolean; children: React.ReactNode }) {
  const pathname = usePathname();
  const active = href === "/" || exact ? pathname === href : pathname.startsWith(href);
  return (
    <Link
      href={href}
      // Shown on every page: prefetching each would render every section on every view.
      prefetch={false}
      aria-current={active ? "page" : undefined}
      className={`rounded-md px-3 py-2 text-sm font-medium ${
        active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-200"
      }`}
    >
      {children}
    </Link>
  );
}
