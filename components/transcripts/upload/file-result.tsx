"use client";

import Link from "next/link";
import { groupRejected, itemPlace, placesSummary } from "@/lib/transcripts/group-import-errors";
import { plural } from "@/lib/platform/format";
import type { UploadResponse } from "@/lib/transcripts/schemas/upload-response";

function where(item: { line?: number; index?: number }): string {
  return itemPlace({ file: "", line: item.line, index: item.index });
}

/** Places listed under one reason; a file of 100,000 broken lines must not render 100,000 items. */
const PLACES_LISTED = 200;

/** Rejected items grouped by reason: each sentence once, with how many items and where. */
function RejectedList({ file, rejected }: { file: string; rejected: UploadResponse["rejected"] }) {
  const groups = groupRejected(rejected);
  return (
    <section aria-label={`Rejected items in ${file}`}>
      <h4 className="font-semibold text-rose-800">
        Rejected: {groups.length === 1 ? "one reason" : `${groups.length} reasons`}
      </h4>
      <ul className="mt-1 space-y-1">
        {groups.slice(0, PLACES_LISTED).map((group, i) => (
          <li key={i} className="rounded bg-rose-50 px-2 py-1 font-mono text-xs text-rose-900">
            {group.items.length === 1 ? (
              <>
                {group.items[0].file}
                {itemPlace(group.items[0]) ? `, ${itemPlace(group.items[0])}` : ""}: {group.message}
              </>
            ) : (
              <details>
                <summary className="cursor-pointer">
                  <span className="font-semibold">{plural(group.items.length, "item")}</span> ({placesSummary(group.items)}): {group.message}
                </summary>
                <ul className="mt-1 list-inside list-disc">
                  {group.items.slice(0, PLACES_LISTED).map((item, j) => (
                    <li key={j}>
                      {item.file}, {itemPlace(item)}
                    </li>
                  ))}
                  {group.items.length > PLACES_LISTED ? <li>and {group.items.length - PLACES_LISTED} more</li> : null}
                </ul>
              </details>
            )}
          </li>
        ))}
        {groups.length > PLACES_LISTED ? <li>and {groups.length - PLACES_LISTED} more reasons</li> : null}
      </ul>
    </section>
  );
}

/** What became of one file: imported, duplicates, and the rejected items grouped by reason. */
export function FileResult({ result }: { result: UploadResponse }) {
  return (
    <div className="space-y-3 text-sm">
      <p>
        <strong>{result.imported.length}</strong> imported, <strong>{result.duplicates.length}</strong> skipped as duplicate,{" "}
        <strong className={result.rejected.length ? "text-rose-700" : undefined}>{result.rejected.length}</strong> rejected
        {result.warnings ? `, ${plural(result.warnings, "warning")}` : ""}.
      </p>
      {result.imported.length > 0 ? (
        <ul className="list-inside list-disc">
          {result.imported.slice(0, 20).map((t) => (
            <li key={t.id}>
              <Link href={`/transcripts/${t.id}`} className="text-indigo-700 hover:underline">{t.name}</Link>
              {t.warnings ? <span className="text-amber-700"> ({plural(t.warnings, "warning")})</span> : null}
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
      {result.rejected.length > 0 ? <RejectedList file={result.file} rejected={result.rejected} /> : null}
    </div>
  );
}
