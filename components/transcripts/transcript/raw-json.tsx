const INLINE_LIMIT = 256 * 1024;

/** The raw transcript, inline when small; a huge one is offered as a download instead of freezing the page. */
export function RawJson({ json, downloadHref }: { json: string; downloadHref: string }) {
  const size = new TextEncoder().encode(json).length;
  const label = size < 1024 * 1024 ? `${(size / 1024).toFixed(1)} KB` : `${(size / 1024 / 1024).toFixed(1)} MB`;
  if (size > INLINE_LIMIT) {
    return (
      <p className="text-sm">
        The raw JSON is {label}, too large to show here.{" "}
        <a href={downloadHref} className="text-indigo-700 underline">Download it</a>.
      </p>
    );
  }
  return (
    <details className="rounded border border-slate-200 bg-white">
      <summary className="cursor-pointer px-3 py-2 text-sm">Raw JSON ({label})</summary>
      {/* Focusable, so that keyboard users can scroll it too. */}
      <pre tabIndex={0} role="region" aria-label="Raw JSON" className="max-h-[32rem] overflow-auto border-t border-slate-100 p-2 font-mono text-xs">
        {json}
      </pre>
    </details>
  );
}
