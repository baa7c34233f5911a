import type { ImportWarning } from "@/lib/transcripts/import-types";

export function WarningList({ warnings }: { warnings: ImportWarning[] }) {
  return (
    <ul className="space-y-1 text-sm" aria-label="Warnings">
      {warnings.map((warning, i) => (
        <li key={`${warning.code}-${i}`} className="flex gap-2 rounded bg-amber-50 px-2 py-1 text-amber-900">
          <span aria-hidden="true">⚠</span>
          <span>
            <span className="font-mono text-xs">{warning.code}</span> {warning.message}
          </span>
        </li>
      ))}
    </ul>
  );
}
