import type { Finding } from "@/lib/judging/judges/types";

const severityTone: Record<Finding["severity"], string> = {
  info: "bg-slate-100 text-slate-700",
  minor: "bg-amber-100 text-amber-800",
  major: "bg-orange-100 text-orange-900",
  critical: "bg-rose-200 text-rose-900",
};

export function SeverityBadge({ severity }: { severity: Finding["severity"] }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${severityTone[severity]}`}>{severity}</span>;
}

/** One finding: severity, check and argument path, the message and the evidence a reviewer can verify. */
export function FindingItem({ finding }: { finding: Finding }) {
  return (
    <div className="text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={finding.severity} />
        <span className="font-mono text-xs">{finding.check}</span>
        {finding.path ? <span className="font-mono text-xs text-slate-500">at {finding.path}</span> : null}
      </div>
      <p className="mt-0.5 whitespace-pre-wrap break-words">{finding.message}</p>
      {finding.evidence ? <p className="mt-0.5 whitespace-pre-wrap break-words font-mono text-xs text-slate-600">{finding.evidence}</p> : null}
    </div>
  );
}

export function FindingsList({ findings, label }: { findings: readonly Finding[]; label: string }) {
  if (findings.length === 0) return <p className="text-sm italic text-slate-500">No findings.</p>;
  return (
    <ul className="space-y-2" aria-label={label}>
      {findings.map((finding, i) => (
        <li key={`${finding.check}-${finding.path ?? ""}-${i}`}>
          <FindingItem finding={finding} />
        </li>
      ))}
    </ul>
  );
}
