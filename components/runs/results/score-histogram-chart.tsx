import type { ScoreHistogram } from "@/lib/runs/results/aggregates";
import { FEW_RESULTS } from "@/lib/runs/results/wilson";
import { binRange, count } from "./chart-format";

const WIDTH = 320;
const HEIGHT = 150;
const PAD = { top: 16, right: 8, bottom: 22, left: 8 };

/** Scores of one criterion in equal bins over [0, 1], with the count over each bar. */
export function ScoreHistogramChart({ label, histogram }: { label: string; histogram: ScoreHistogram }) {
  const max = Math.max(1, ...histogram.bins.map((bin) => bin.count));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const barWidth = plotWidth / histogram.bins.length;
  const description = `${label}: ${histogram.bins.map((bin) => `${binRange(bin.from, bin.to)}: ${count(bin.count)}`).join(", ")}${histogram.outOfRange ? `; ${count(histogram.outOfRange)} outside 0–1` : ""}.`;
  return (
    <figure className="min-w-0">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={description} className={`h-auto w-full${histogram.total < FEW_RESULTS ? " opacity-50" : ""}`}>
        <title>{description}</title>
        {histogram.bins.map((bin, index) => {
          const height = (bin.count / max) * plotHeight;
          const x = PAD.left + index * barWidth;
          const y = PAD.top + plotHeight - height;
          // Red below the pass threshold, green at and above it, as the result badges are.
          const tone = bin.from >= 0.5 ? "fill-emerald-500" : "fill-rose-400";
          return (
            <g key={index}>
              <rect x={x + 1} y={y} width={barWidth - 2} height={height} className={tone} />
              {bin.count > 0 ? (
                <text x={x + barWidth / 2} y={y - 3} textAnchor="middle" className="fill-slate-700 text-[10px]">
                  {count(bin.count)}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotHeight} y2={PAD.top + plotHeight} className="stroke-slate-400" />
        {[0, 0.5, 1].map((tick) => (
          <text key={tick} x={PAD.left + tick * plotWidth} y={HEIGHT - 6} textAnchor={tick === 0 ? "start" : tick === 1 ? "end" : "middle"} className="fill-slate-500 text-[10px]">
            {tick.toFixed(1)}
          </text>
        ))}
      </svg>
      <figcaption className="text-xs text-slate-600">
        {count(histogram.total)} scores{histogram.outOfRange ? `, ${count(histogram.outOfRange)} outside 0–1 (not drawn)` : ""}
        {histogram.total < FEW_RESULTS ? " · few results: pale" : ""}
      </figcaption>
    </figure>
  );
}
