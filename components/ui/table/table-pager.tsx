import { PAGE_SIZES, pageCount } from "@/lib/platform/table-query";

interface Props {
  label: string;
  total: number;
  page: number;
  size: number;
  onChange: (changes: Record<string, string | null>) => void;
}

/** Page and page size of a server-side table; both live in the URL. */
export function TablePager({ label, total, page, size, onChange }: Props) {
  const pages = pageCount(total, size);
  return (
    <nav aria-label={`${label} pages`} className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <span>
        {total.toLocaleString("en-US")} in all · page {page} of {pages}
      </span>
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-1">
          Rows per page
          <select value={size} onChange={(event) => onChange({ size: event.target.value, page: null })} className="rounded border border-slate-300 bg-white px-1 py-0.5">
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={page <= 1} onClick={() => onChange({ page: page > 2 ? String(page - 1) : null })} className="rounded border border-slate-300 bg-white px-2 py-0.5 disabled:opacity-40">
          Previous
        </button>
        <button type="button" disabled={page >= pages} onClick={() => onChange({ page: String(page + 1) })} className="rounded border border-slate-300 bg-white px-2 py-0.5 disabled:opacity-40">
          Next
        </button>
      </div>
    </nav>
  );
}
