"use client";

import Link from "next/link";
import type { UploadResponse } from "@/lib/zod/upload-response";

function where(item: { line?: number; index?: number }): string {
  if (item.index !== undefined) return `index ${item.index}`;
  if (item.line !== undefined) return `line ${item.line}`;
  return "";
}

/** What became of one file: imported, duplicates, and every rejected item with its reason. */
export function FileResult({ result }: { result: UploadResponse }) {
  return (
    <div className="space-y-3 text-sm">
      <p>
        <strong>{result.imported.length}</strong> imported, <strong>{result.duplicates.length}</strong> skipped as duplicate,{" "}
        <strong className={result.rejected.length ? "text-rose-700" : undefined}>{result.rejected.length}</strong> rejected
        {result.warnings ? `, ${result.warnings} warnings` : ""}.
      </p>
      {result.imported.length > 0 ? (
        <ul className="list-inside list-disc">
          {result.imported.slice(0, 20).map((t) => (
            <li key={t.id}>
              <Link href={`/transcripts/${t.id}`} className="text-indigo-700 hover:underline">{t.name}</Link>
              {t.warnings ? <span className="text-amber-700"> ({t.warnings} warnings)</span> : null}
            </li>
          ))}
          {result.imported.length > 20 ? <li>and {result.imported.length - 20} more</li> : null}
        </ul>
      ) : null}
      {result.duplicates.length > 0 ? (
        <details>
          <summary className="cursor-pointer">Duplicates ({result.duplicates.length})</summary>
          <ul className="mt-1 list-inside list-disc">
            {result.duplicates.slice(0, 100).map((d, i) => (
              <li key={i}>
                {where(d)} {d.name}: {d.reason}
                {d.reason === "already stored" && d.existingId ? (
                  <>
                    {" "}(<Link href={`/transcripts/${d.existingId}`} className="text-indigo-700 hover:underline">stored one</Link>)
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {result.rejected.length > 0 ? (
        <section aria-label={`Rejected items in ${result.file}`}>
          <h4 className="font-semibold text-rose-800">Rejected</h4>
          <ul className="mt-1 space-y-1">
            {result.rejected.slice(0, 200).map((r, i) => (
              <li key={i} className="rounded bg-rose-50 px-2 py-1 font-mono text-xs text-rose-900">
                {r.file}
                {where(r) ? `, ${where(r)}` : ""}
                {r.column !== undefined ? `, column ${r.column}` : ""}: {r.message}
              </li>
            ))}
            {result.rejected.length > 200 ? <li>and {result.rejected.length - 200} more</li> : null}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
