import { bucketFailuresHref, bucketLabel } from "@/lib/monitors/bucket-link";
import type { Dimension } from "@/lib/monitors/rollup";
import { bucketLength, type ChangeMark, type CriterionTrend, type Granularity, type TrendPoint } from "@/lib/monitors/trends";
import { describeChange, formatMeasure } from "./trend-words";
import { bandPath, bucketWidth, contiguousRuns, dodge, linePath, scaleX, scaleY, timeDomain, timeTicks, type Frame } from "./trend-geometry";

interface Props {
  runId: string;
  trend: CriterionTrend;
  granularity: Granularity;
  split: Dimension;
  /** The period shown, ms: [from, to). */
  from: number;
  to: number;
  changes: ChangeMark[];
}

const FRAME: Frame = { width: 720, height: 220, pad: { top: 14, right: 12, bottom: 24, left: 40 } };
/** One colour per series, in the legend's order; a split with more values cycles through them. */
const COLOURS = [
  { line: "stroke-indigo-600", dot: "fill-indigo-600", band: "fill-indigo-300", swatch: "bg-indigo-600" },
  { line: "stroke-emerald-600", dot: "fill-emerald-600", band: "fill-emerald-300", swatch: "bg-emerald-600" },
  { line: "stroke-amber-600", dot: "fill-amber-600", band: "fill-amber-300", swatch: "bg-amber-600" },
  { line: "stroke-rose-600", dot: "fill-rose-600", band: "fill-rose-300", swatch: "bg-rose-600" },
  { line: "stroke-sky-600", dot: "fill-sky-600", band: "fill-sky-300", swatch: "bg-sky-600" },
  { line: "stroke-violet-600", dot: "fill-violet-600", band: "fill-violet-300", swatch: "bg-violet-600" },
];

const SPLIT_WORDS: Record<Exclude<Dimension, "">, string> = { model: "model", service: "service", tag: "tag", prompt: "prompt version" };

type Drawn = TrendPoint & { value: number; x: number; y: number };

/**
 * One criterion's trend: a line per series (one, or one per value of the split), its 95% interval
 * shaded, y from 0 to 1, with marks where the model or prompt version changed. Each point is a
 * link to the calls that failed the criterion in its bucket, named for keyboards and screen readers.
 */
export function TrendChart({ runId, trend, granularity, split, from, to, changes }: Props) {
  const domain = timeDomain(from, to, bucketLength(granularity));
  const x = scaleX(domain, FRAME);
  const y = scaleY(FRAME);
  const half = Math.max(2, bucketWidth(domain, FRAME) * 0.3);
  const bottom = FRAME.height - FRAME.pad.bottom;
  const places = dodge(trend.series.length, bucketWidth(domain, FRAME));
  const drawn = trend.series.map((series, index) => ({
    value: series.value,
    points: series.points.filter((point): point is TrendPoint & { value: number } => point.value !== null).map((point): Drawn => ({ ...point, x: x(point.t) + places.offsets[index], y: y(point.value) })),
  }));
  const total = (key: "judged" | "notApplicable" | "errors") => trend.series.reduce((sum, series) => sum + series.points.reduce((inner, point) => inner + point[key], 0), 0);
  const judged = total("judged");
  const seriesName = (value: string) => (split && value ? ` (${SPLIT_WORDS[split]} ${value})` : "");
  const ticks = timeTicks(domain, granularity);
  const visibleChanges = changes.filter((change) => change.t >= domain.start && change.t < domain.end);
  const axis = trend.measure === "pass rate" ? ["0%", "50%", "100%"] : ["0", "0.5", "1"];

  return (
    <figure className="min-w-0">
      {judged === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          No verdict {granularity === "hour" ? "in the last 48 hours" : "in the last 30 days"}
          {total("notApplicable") || total("errors")
            ? `: ${total("notApplicable")} results not applicable (the judge cannot measure this criterion), ${total("errors")} errors.`
            : " yet: points appear as the worker judges new transcripts (a minute or so after they arrive)."}
        </p>
      ) : (
        // On a phone the chart keeps a readable size and scrolls inside its frame, never the page.
        <div className="relative overflow-x-auto">
        <svg viewBox={`0 0 ${FRAME.width} ${FRAME.height}`} className="h-auto w-full min-w-[540px]" aria-label={`${trend.text}: ${trend.measure} by ${granularity}`} role="group">
          {[0, 0.5, 1].map((tick, i) => (
            <g key={tick}>
              <line x1={FRAME.pad.left} x2={FRAME.width - FRAME.pad.right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? "stroke-slate-400" : "stroke-slate-200"} />
              <text x={FRAME.pad.left - 6} y={y(tick) + 3} textAnchor="end" className="fill-slate-500 text-[10px]">
                {axis[i]}
              </text>
            </g>
          ))}
          {ticks.map((tick) => (
            <text key={tick.t} x={x(tick.t)} y={FRAME.height - 8} textAnchor="middle" className="fill-slate-500 text-[10px]">
              {tick.label}
            </text>
          ))}
          {visibleChanges.map((change) => {
            const at = x(change.t) - bucketWidth(domain, FRAME) / 2;
            const label = `${bucketLabel(change.t, granularity)}: ${describeChange(change)}`;
            return (
              <g key={`${change.t}-${change.dimension}`} role="img" aria-label={label}>
                <title>{label}</title>
                <line x1={at} x2={at} y1={FRAME.pad.top - 4} y2={bottom} strokeDasharray="4 3" className={change.dimension === "model" ? "stroke-amber-600" : "stroke-violet-600"} />
                <text x={at + 3} y={FRAME.pad.top + 4} className={`text-[10px] ${change.dimension === "model" ? "fill-amber-800" : "fill-violet-800"}`}>
                  {change.dimension === "model" ? "model" : "prompt"}
                </text>
              </g>
            );
          })}
          {drawn.map((series, index) => {
            const colour = COLOURS[index % COLOURS.length];
            const runs = contiguousRuns(series.points, domain.step);
            return (
              <g key={series.value}>
                {runs.map((run) => (
                  <path
                    key={`band-${run[0].t}`}
                    d={bandPath(
                      run.map((point) => ({ x: point.x, y: y(point.high ?? point.value) })),
                      run.map((point) => ({ x: point.x, y: y(point.low ?? point.value) })),
                      half,
                    )}
                    className={`${colour.band} opacity-30`}
                  />
                ))}
                {runs.filter((run) => run.length > 1).map((run) => (
                  <path key={`line-${run[0].t}`} d={linePath(run)} fill="none" strokeWidth={1.5} className={colour.line} />
                ))}
              </g>
            );
          })}
          {drawn.map((series, index) =>
            series.points.map((point) => {
              const name = `${trend.text}${seriesName(series.value)}: ${formatMeasure(point.value, trend.measure)} ${trend.measure}, ${bucketLabel(point.t, granularity)}, ${point.judged} judged`;
              return (
                <a key={`${series.value}-${point.t}`} href={bucketFailuresHref({ runId, criterionId: trend.criterionId, t: point.t, granularity, split, value: series.value })} aria-label={name} className="group outline-none">
                  <title>{`${name}. Open the calls that failed.`}</title>
                  {/* A larger, invisible target (a 4-pixel dot is hard to hit), no wider than the point's own place in its bucket. */}
                  <rect x={point.x - places.slot / 2} y={point.y - 9} width={places.slot} height={18} className="fill-transparent" />
                  <circle cx={point.x} cy={point.y} r={3.5} className={`${COLOURS[index % COLOURS.length].dot} stroke-white group-hover:stroke-slate-900 group-focus-visible:stroke-slate-900`} strokeWidth={1.5} />
                </a>
              );
            }),
          )}
        </svg>
        </div>
      )}
      <figcaption className="mt-1 space-y-1 text-xs text-slate-600">
        {split && judged ? (
          <ul aria-label="Series" className="flex flex-wrap gap-x-4 gap-y-1">
            {drawn.map((series, index) => (
              <li key={series.value} className="flex items-center gap-1">
                <span aria-hidden="true" className={`inline-block h-2 w-3 rounded-sm ${COLOURS[index % COLOURS.length].swatch}`} />
                {SPLIT_WORDS[split]} {series.value}
              </li>
            ))}
          </ul>
        ) : null}
        {judged ? <p>Shaded: the 95% interval. Select a point to open the calls that failed in its {granularity}.</p> : null}
        {visibleChanges.length ? (
          <ul aria-label="Changes" className="space-y-0.5">
            {visibleChanges.map((change) => (
              <li key={`${change.t}-${change.dimension}`}>
                <span className={change.dimension === "model" ? "text-amber-800" : "text-violet-800"}>{bucketLabel(change.t, granularity)}</span>: {describeChange(change)}
              </li>
            ))}
          </ul>
        ) : null}
      </figcaption>
    </figure>
  );
}
