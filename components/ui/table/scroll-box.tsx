import type { ReactNode } from "react";

/**
 * The box around a table that may be wider than the page, for a table without links or controls
 * of its own: it takes the focus and is named, so that keyboard users can scroll it sideways too
 * (axe's scrollable-region-focusable). `relative` keeps what is positioned inside the table inside it.
 */
export function ScrollBox({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div tabIndex={0} role="region" aria-label={label} className={`relative overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
