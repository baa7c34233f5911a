"use client";

import { useState } from "react";

/** A read-only value to copy (an invitation link, a new token), with a button that says when it worked. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex items-end gap-2">
      <label className="block min-w-0 flex-1 text-sm font-medium">
        {label}
        <input readOnly value={value} onFocus={(e) => e.target.select()} className="mt-1 w-full rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-sm" />
      </label>
      <button
        type="button"
        onClick={async () => {
          // The clipboard needs a secure context (https or localhost); the field stays selectable otherwise.
          try {
            await navigator.clipboard.writeText(value);
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-100"
      >
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}
