import Link from "next/link";
import type { FlipMatrix } from "@/lib/runs/results/aggregates";
import { VERDICTS, type Verdict } from "@/lib/runs/results/verdict";
import { count, percent } from "./chart-format";

export interface FlipMatrixLinks {
  /** Run-page views of one cell, keyed "immediate>hindsight"; cells the run page cannot filter exactly have none. */
  cells: Partial<Record<string, string>>;
  /** Views of all calls with an immediate verdict (rows) or a hindsight verdict (columns). */
  rows: Record<Verdict, string>;
  columns: Record<Verdict, string>;
  /** All calls whose verdict flipped. */
  flips: string;
}

export const cellKey = (immediate: Verdict, hindsight: Verdict) => `${immediate}>${hindsight}`;

const isFlip = (immediate: Verdict, hindsight: Verdict) => (immediate === "pass" && hindsight === "fail") || (immediate === "fail" && hindsight === "pass");

/**
 * Immediate verdicts (rows) against hindsight verdicts (columns), with counts. A table rather
 * than a picture: every cell is text and the links inside it stay reachable by keyboard and
 * screen reader, which links inside an SVG role="img" would not be.
 */
export function FlipMatrixTable({ label, matrix, links }: { label: string; matrix: FlipMatrix; links: FlipMatrixLinks }) {
  const max = Math.max(1, ...VERDICTS.flatMap((row) => VERDICTS.map((column) => matrix.counts[row][column])));
  return (
    <figure className="min-w-0">
      <table className="text-sm" aria-label={`Flip matrix: ${label}`}>
        <thead>
          <tr>
            <th scope="col" className="px-2 py-1 text-left text-xs font-normal text-slate-500">
              immediate ↓ / hindsight →
            </th>
            {VERDICTS.map((column) => (
              <th key={column} scope="col" className="px-2 py-1 text-xs">
                <Link href={links.columns[column]} className="text-indigo-700 hover:underline">{column}</Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {VERDICTS.map((row) => (
            <tr key={row}>
              <th scope="row" className="px-2 py-1 text-right text-xs">
                <Link href={links.rows[row]} className="text-indigo-700 hover:underline">{row}</Link>
              </th>
              {VERDICTS.map((column) => {
                const value = matrix.counts[row][column];
                const href = links.cells[cellKey(row, column)];
                const flip = isFlip(row, column);
                // Shade by share of the largest cell, so the eye finds where the calls are.
                const alpha = value ? 0.12 + 0.6 * (value / max) : 0;
                const style = { backgroundColor: flip ? `rgba(139, 92, 246, ${alpha})` : `rgba(100, 116, 139, ${alpha})` };
                const text = `${count(value)}`;
                return (
                  <td key={column} style={style} className={`h-10 w-16 border border-white text-center tabular-nums ${flip ? "font-semibold" : ""}`}>
                    {href && value > 0 ? (
                      <Link href={href} className="block py-2 text-violet-900 underline decoration-dotted hover:decoration-solid" aria-label={`${text} calls: ${row} immediately, ${column} in hindsight`}>
                        {text}
                      </Link>
                    ) : (
                      text
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="mt-1 text-xs text-slate-600">
        <Link href={links.flips} className="text-indigo-700 underline">
          {count(matrix.flips)} flipped
        </Link>{" "}
        of {count(matrix.total)} ({percent(matrix.flipRate)} of calls judged in both){matrix.excluded ? ` · ${count(matrix.excluded)} without a settled result left out` : ""}
      </figcaption>
    </figure>
  );
}
