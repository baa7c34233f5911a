import { FEW_RESULTS, wilsonInterval } from "@/lib/runs/results/wilson";
import { count, percent } from "./chart-format";

const WIDTH = 320;
const HEIGHT = 40;

export interface VerdictCountsView {
  passed: number;
  failed: number;
  notApplicable: number;
  unsettled: number;
}

/** A pass/fail criterion's verdicts as one stacked bar: its distribution has two values, not a spread. */
export function VerdictBarChart({ label, counts }: { label: string; counts: VerdictCountsView }) {
  const parts = [
    { name: "pass", value: counts.passed, tone: "fill-emerald-500" },
    { name: "fail", value: counts.failed, tone: "fill-rose-400" },
    { name: "n/a", value: counts.notApplicable, tone: "fill-slate-300" },
    { name: "no verdict", value: counts.unsettled, tone: "fill-amber-300" },
  ];
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  const rate = counts.passed + counts.failed ? counts.passed / (counts.passed + counts.failed) : null;
  const interval = wilsonInterval(counts.passed, counts.passed + counts.failed);
  const few = counts.passed + counts.failed < FEW_RESULTS;
  const range = interval ? ` (95% interval ${percent(interval.low)}–${percent(interval.high)})` : "";
  const description = `${label}: ${parts.map((part) => `${part.name} ${count(part.value)}`).join(", ")}; pass rate ${percent(rate)}${range}.`;
  let x = 0;
  return (
    <figure className="min-w-0">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={description} className={`h-auto w-full${few ? " opacity-50" : ""}`}>
        <title>{description}</title>
        {parts.map((part) => {
          const width = total ? (part.value / total) * WIDTH : 0;
          const start = x;
          x += width;
          return width > 0 ? (
            <g key={part.name}>
              <rect x={start} y={4} width={width} height={HEIGHT - 8} className={part.tone} />
              {width > 28 ? (
                <text x={start + width / 2} y={HEIGHT / 2 + 4} textAnchor="middle" className="fill-slate-900 text-[11px]">
                  {count(part.value)}
                </text>
              ) : null}
            </g>
          ) : null;
        })}
      </svg>
      <figcaption className="text-xs text-slate-600">
        pass {count(counts.passed)} · fail {count(counts.failed)} · n/a {count(counts.notApplicable)}
        {counts.unsettled ? ` · no verdict ${count(counts.unsettled)}` : ""} · pass rate {percent(rate)}
        {interval ? ` (95%: ${percent(interval.low)}–${percent(interval.high)})` : ""}
        {few ? " · few results: pale" : ""}
      </figcaption>
    </figure>
  );
}
