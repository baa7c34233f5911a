import type { ConfusionMatrix as Matrix } from "@/lib/review/agreement";

const cell = "px-2 py-0.5 text-right tabular-nums";

/**
 * A 2×2 of reviewed results: the judge's pass/fail down the side, the person's across the top.
 * The diagonal (where they agree) is tinted green, the rest red when not zero.
 */
export function ConfusionMatrix({ matrix, label }: { matrix: Matrix; label: string }) {
  const tone = (judge: "pass" | "fail", human: "pass" | "fail") =>
    judge === human ? "bg-emerald-50 text-emerald-900" : matrix[judge][human] > 0 ? "bg-rose-50 font-semibold text-rose-900" : "text-slate-500";
  return (
    <table className="border border-slate-200 text-xs" aria-label={label} data-testid="confusion-matrix">
      <thead>
        <tr className="bg-slate-50">
          <td className="px-2 py-0.5" />
          <th scope="col" className="px-2 py-0.5 font-medium">
            human pass
          </th>
          <th scope="col" className="px-2 py-0.5 font-medium">
            human fail
          </th>
        </tr>
      </thead>
      <tbody>
        {(["pass", "fail"] as const).map((judge) => (
          <tr key={judge}>
            <th scope="row" className="bg-slate-50 px-2 py-0.5 text-left font-medium">
              judge {judge}
            </th>
            <td className={`${cell} ${tone(judge, "pass")}`}>{matrix[judge].pass}</td>
            <td className={`${cell} ${tone(judge, "fail")}`}>{matrix[judge].fail}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
