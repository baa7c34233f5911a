import type { FindingsDiff, MatchedFinding } from "@/lib/runs/results/findings-diff";
import { FindingItem, SeverityBadge } from "./finding-item";

function Matched({ pair }: { pair: MatchedFinding }) {
  const reworded = pair.before.message !== pair.after.message;
  const severityChanged = pair.before.severity !== pair.after.severity;
  if (!reworded && !severityChanged && pair.before.evidence === pair.after.evidence) return <FindingItem finding={pair.after} />;
  return (
    <div className="space-y-1">
      <FindingItem finding={pair.after} />
      <p className="text-xs text-slate-600">
        Immediately: {severityChanged ? <SeverityBadge severity={pair.before.severity} /> : null} {pair.before.message}
      </p>
    </div>
  );
}

function Group({ title, count, tone, children }: { title: string; count: number; tone: string; children: React.ReactNode }) {
  // An empty pane says nothing the counts above it do not: it is left out.
  if (count === 0) return null;
  return (
    <section aria-label={`${title}: ${count}`} className={`rounded border-l-4 bg-white p-2 ${tone}`}>
      <h5 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
        {title} ({count})
      </h5>
      {children}
    </section>
  );
}

/** The findings of both modes: what hindsight added, what it no longer saw, and what both saw. */
export function FindingsDiffView({ diff }: { diff: FindingsDiff }) {
  if (diff.added.length + diff.removed.length + diff.unchanged.length === 0) return <p className="text-sm italic text-slate-500">No findings in either mode.</p>;
  return (
    <div className="grid items-start gap-2 md:grid-cols-[repeat(auto-fit,minmax(16rem,1fr))]">
      <Group title="Added in hindsight" count={diff.added.length} tone="border-emerald-400">
        <ul className="space-y-2">
          {diff.added.map((finding, i) => (
            <li key={i}>
              <FindingItem finding={finding} />
            </li>
          ))}
        </ul>
      </Group>
      <Group title="Removed in hindsight" count={diff.removed.length} tone="border-rose-400">
        <ul className="space-y-2">
          {diff.removed.map((finding, i) => (
            <li key={i}>
              <FindingItem finding={finding} />
            </li>
          ))}
        </ul>
      </Group>
      <Group title="Unchanged" count={diff.unchanged.length} tone="border-slate-300">
        <ul className="space-y-2">
          {diff.unchanged.map((pair, i) => (
            <li key={i}>
              <Matched pair={pair} />
            </li>
          ))}
        </ul>
      </Group>
    </div>
  );
}
