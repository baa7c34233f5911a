/** Holds a streamed section's place, at about its size, so the page does not jump when it arrives. */
export function SectionPlaceholder({ label, className }: { label: string; className: string }) {
  return (
    <div role="status" aria-label={`${label}: loading`} className={`animate-pulse rounded-lg border border-slate-200 bg-white ${className}`}>
      <span className="sr-only">Loading {label.toLowerCase()}…</span>
    </div>
  );
}
