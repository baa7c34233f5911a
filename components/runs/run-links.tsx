import Link from "next/link";

const link = "rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-100";

/** Where to go from a run: its charts, its criteria side by side, and exports of the current view (its filters and order). */
export function RunLinks({ runId, query }: { runId: string; /** The view's filters, as the URL holds them. */ query: string }) {
  const exportHref = (format: string) => `/api/runs/${runId}/export?format=${format}${query ? `&${query}` : ""}`;
  return (
    <nav aria-label="Run tools" className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      <Link href={`/runs/${encodeURIComponent(runId)}/charts`} className={link}>
        Charts
      </Link>
      <Link href={`/runs/compare?run=${encodeURIComponent(runId)}`} className={link}>
        Compare criteria
      </Link>
      {/* Plain anchors: these are downloads from a route handler, not pages to prefetch. */}
      <a href={exportHref("csv")} className={link} download>
        Export CSV
      </a>
      <a href={exportHref("jsonl")} className={link} download>
        Export JSON Lines
      </a>
      <a href={exportHref("summary")} className={link} download>
        Export summary
      </a>
    </nav>
  );
}
