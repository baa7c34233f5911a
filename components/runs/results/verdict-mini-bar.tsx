import { wilsonInterval } from "@/lib/runs/results/wilson";
import { count, percent } from "./chart-format";

const WIDTH = 96;
const HEIGHT = 12;

interface Props {
  label: string;
  passed: number;
  failed: number;
  notApplicable: number;
  errors: number;
}

/**
 * A criterion's verdicts as a bar the width of a table cell, with the pass rate's 95% interval
 * drawn over it: the summary table's rates then read at a glance, and a rate on few verdicts shows
 * its wide interval instead of looking as sure as one on thousands.
 */
export function VerdictMiniBar({ label, passed, failed, notApplicable, errors }: Props) {
  const parts = [
    { name: "pass", value: passed, tone: "fill-emerald-500" },
    { name: "fail", value: failed, tone: "fill-rose-400" },
    { name: "n/a", value: notApplicable, tone: "fill-slate-300" },
    { name: "error", value: errors, tone: "fill-amber-300" },
  ];
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  if (total === 0) return null;
  const interval = wilsonInterval(passed, passed + failed);
  const judged = ((passed + failed) / total) * WIDTH;
  const range = interval ? `; pass rate 95% interval ${percent(interval.low)}–${percent(interval.high)}` : "";
  const description = `${label}: ${parts.map((part) => `${part.name} ${count(part.value)}`).join(", ")}${range}`;
  let x = 0;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={description} className="inline-block shrink-0 align-middle" data-testid="verdict-mini-bar">
      <title>{description}</title>
      {parts.map((part) => {
        const width = (part.value / total) * WIDTH;
        const start = x;
        x += width;
        return width > 0 ? <rect key={part.name} x={start} y={2} width={width} height={HEIGHT - 4} className={part.tone} /> : null;
      })}
      {/* The interval is of the rate among pass and fail, so it spans the part of the bar they fill. */}
      {interval ? (
        <line x1={interval.low * judged} x2={interval.high * judged} y1={HEIGHT / 2} y2={HEIGHT / 2} className="stroke-slate-900" strokeWidth={1.5} />
      ) : null}
    </svg>
  );
}
