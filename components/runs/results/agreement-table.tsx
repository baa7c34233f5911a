import { formatPercent } from "@/lib/platform/format";
import { ScrollBox } from "@/components/ui/table/scroll-box";
export interface AgreementRow {
  a: string;
  b: string;
  calls: number;
  agreed: number;
  /** Calls with a pass or fail from both. */
  judged: number;
  rate: number | null;
  kappa: number | null;
  correlation: number | null;
}

const percent = (value: number | null) => formatPercent(value);
const signed = (value: number | null) => (value === null ? "–" : value.toFixed(2));

/** Agreement and correlation of every pair of compared series. */
export function AgreementTable({ rows }: { rows: AgreementRow[] }) {
  return (
    <ScrollBox label="Agreement between the compared criteria" className="rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm" aria-label="Agreement between the compared criteria">
        <thead className="bg-slate-50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2">Compared</th>
            <th scope="col" className="px-3 py-2">Calls</th>
            <th scope="col" className="px-3 py-2" title="Calls where both gave the same verdict, of those where both passed or failed">Agreement</th>
            <th scope="col" className="px-3 py-2" title="Agreement corrected for chance (Cohen's kappa)">Kappa</th>
            <th scope="col" className="px-3 py-2" title="Pearson correlation of the scores">Correlation</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.a}\u0000${row.b}`}>
              <td className="px-3 py-2">
                {row.a} <span className="text-slate-600">vs</span> {row.b}
              </td>
              <td className="px-3 py-2 tabular-nums">{row.calls.toLocaleString("en-US")}</td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums" data-testid="agreement-rate">
                {percent(row.rate)}{" "}
                <span className="text-xs text-slate-500">
                  ({row.agreed.toLocaleString("en-US")} of {row.judged.toLocaleString("en-US")})
                </span>
              </td>
              <td className="px-3 py-2 tabular-nums">{signed(row.kappa)}</td>
              <td className="px-3 py-2 tabular-nums">{signed(row.correlation)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
