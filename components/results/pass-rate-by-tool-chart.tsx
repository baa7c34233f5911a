import { count, percent } from "./chart-format";

export interface ToolPassRateView {
  tool: string;
  rate: number | null;
  passed: number;
  failed: number;
  notApplicable: number;
}

const ROW = 24;
const LABEL = 150;
const BAR = 220;
const WIDTH = LABEL + BAR + 130;

const short = (tool: string) => (tool.length > 22 ? `${tool.slice(0, 21)}…` : tool);

/** One bar per tool: the share of its judged results that passed, with the counts beside it. */
export function PassRateByToolChart({ label, rows }: { label: string; rows: ToolPassRateView[] }) {
  const height = Math.max(1, rows.length) * ROW + 4;
  const description = `${label}: ${rows.map((row) => `${row.tool} ${percent(row.rate)} (${count(row.passed)} of ${count(row.passed + row.failed)} passed${row.notApplicable ? `, ${count(row.notApplicable)} not applicable` : ""})`).join("; ")}.`;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={description} className="h-auto w-full max-w-2xl">
      <title>{description}</title>
      {rows.map((row, index) => {
        const y = index * ROW + 2;
        const width = row.rate === null ? 0 : row.rate * BAR;
        return (
          <g key={row.tool}>
            <text x={LABEL - 6} y={y + ROW / 2 + 4} textAnchor="end" className="fill-slate-800 font-mono text-[11px]">
              {short(row.tool)}
            </text>
            <rect x={LABEL} y={y + 4} width={BAR} height={ROW - 8} className="fill-slate-100" />
            <rect x={LABEL} y={y + 4} width={width} height={ROW - 8} className={row.rate !== null && row.rate >= 0.5 ? "fill-emerald-500" : "fill-rose-400"} />
            <text x={LABEL + BAR + 6} y={y + ROW / 2 + 4} className="fill-slate-700 text-[11px]">
              {percent(row.rate)} ({count(row.passed)}/{count(row.passed + row.failed)}){row.notApplicable ? ` · ${count(row.notApplicable)} n/a` : ""}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
