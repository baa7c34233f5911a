import Link from "next/link";

interface Props {
  values: { q?: string; tool?: string; warnings?: string; from?: string; to?: string; upload?: string };
  toolNames: string[];
}

/** A plain GET form: filters land in the URL and work without JavaScript. */
export function TranscriptFilters({ values, toolNames }: Props) {
  const field = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";
  return (
    <form method="get" role="search" aria-label="Filter transcripts" className="mb-4 flex flex-wrap items-end gap-3 text-sm">
      <label className="flex flex-col gap-1">
        Name contains
        <input name="q" defaultValue={values.q} className={field} />
      </label>
      <label className="flex flex-col gap-1">
        Tool
        <input name="tool" defaultValue={values.tool} list="tool-names" className={field} />
        <datalist id="tool-names">
          {toolNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </label>
      <label className="flex flex-col gap-1">
        Warnings
        <select name="warnings" defaultValue={values.warnings ?? ""} className={field}>
          <option value="">Any</option>
          <option value="yes">With warnings</option>
          <option value="no">Without warnings</option>
        </select>
      </label>
      <label className="flex flex-col gap-1">
        From
        <input type="date" name="from" defaultValue={values.from} className={field} />
      </label>
      <label className="flex flex-col gap-1">
        To
        <input type="date" name="to" defaultValue={values.to} className={field} />
      </label>
      {values.upload ? <input type="hidden" name="upload" value={values.upload} /> : null}
      <button type="submit" className="rounded-md bg-slate-900 px-3 py-1.5 font-medium text-white hover:bg-slate-700">
        Filter
      </button>
      <Link href="/transcripts" className="px-2 py-1.5 text-slate-600 hover:underline">
        Clear
      </Link>
    </form>
  );
}
