import { percent } from "@/components/runs/results/chart-format";
import { sparklinePaths } from "./trend-geometry";

const WIDTH = 96;
const HEIGHT = 24;

/** The last 24 hours of a measure, hour by hour, as a small line (gaps where nothing was judged). */
export function Sparkline({ values, label }: { values: readonly (number | null)[]; label: string }) {
  const { path, dots } = sparklinePaths(values, WIDTH, HEIGHT);
  const latest = [...values].reverse().find((value) => value !== null);
  const description = latest === undefined ? `${label}: nothing judged in the last 24 hours` : `${label}, last 24 hours: latest ${percent(latest)}`;
  return (
    <svg viewBox={`-2 -2 ${WIDTH + 4} ${HEIGHT + 4}`} width={WIDTH + 4} height={HEIGHT + 4} role="img" aria-label={description} className="overflow-visible">
      <title>{description}</title>
      <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-slate-200" />
      {path ? <path d={path} fill="none" strokeWidth={1.5} className="stroke-indigo-600" /> : null}
      {dots.map((dot) => (
        <circle key={dot.x} cx={dot.x} cy={dot.y} r={1.8} className="fill-indigo-600" />
      ))}
    </svg>
  );
}
