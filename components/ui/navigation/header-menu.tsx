"use client";

import { usePathname } from "next/navigation";
import { useState } from "react";

/**
 * The header's sections and account, in a row on a wide screen and behind a Menu button below
 * 640 px, where they took more than a phone's width. One copy of the links, shown or folded by
 * CSS, so that nothing is rendered twice. Following a link folds it again.
 */
export function HeaderMenu({ children }: { children: React.ReactNode }) {
  // Open on the page it was opened on: another page, reached through one of its links, finds it folded.
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpenOn(open ? null : pathname)}
        className="ml-auto rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-100 sm:hidden"
      >
        Menu
      </button>
      <div id="site-menu" className={`${open ? "flex" : "hidden"} w-full flex-col items-start gap-3 sm:flex sm:w-auto sm:flex-1 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-6 sm:gap-y-2`}>
        {children}
      </div>
    </>
  );
}
