import type { ExpectedCallView } from "@/lib/references/expected-call";

const STATUS = {
  pass: { label: "Matches the reference", className: "border-emerald-200 bg-emerald-50 text-emerald-900" },
  fail: { label: "Differs from the reference", className: "border-rose-200 bg-rose-50 text-rose-900" },
  "not-applicable": { label: "Not judged against the reference", className: "border-slate-200 bg-slate-50 text-slate-700" },
} as const;

/** The call beside the expected call of the transcript's reference, the arguments that differ marked. */
export function ExpectedCallPanel({ view }: { view: ExpectedCallView }) {
  const { verdict, expected, rows } = view;
  const status = STATUS[verdict.status];
  const note = verdict.status === "fail" ? `${verdict.reason.message} (${verdict.reason.code})` : verdict.status === "not-applicable" ? verdict.explanation : null;
  return (
    <section aria-labelledby="expected-heading" className="mt-6">
      <h2 id="expected-heading" className="mb-2 text-lg font-semibold">
        Expected call
      </h2>
      <div className={`rounded-lg border p-3 text-sm ${status.className}`}>
        <p className="font-medium" data-testid="reference-verdict">
          {status.label}
          {expected ? ` · step ${expected.step}, expected call ${expected.call}: ${expected.name}` : ""}
        </p>
        {note ? <p className="mt-1">{note}</p> : null}
      </div>
      {rows.length ? (
        <table className="mt-3 min-w-full rounded-lg border border-slate-200 bg-white text-sm" aria-label="Expected and actual arguments">
          <thead className="bg-slate-50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2">
                Argument
              </th>
              <th scope="col" className="px-3 py-2">
                Expected{expected ? ` (${expected.name})` : ""}
              </th>
              <th scope="col" className="px-3 py-2">
                Actual ({view.actualName})
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name} className={`border-t border-slate-100 ${row.differs ? "bg-rose-50" : ""}`} data-differs={row.differs ? "true" : undefined}>
                <th scope="row" className="px-3 py-1.5 text-left font-mono font-normal">
                  {row.differs ? (
                    <span className="mr-1 text-rose-700" aria-label="differs">
                      ≠
                    </span>
                  ) : null}
                  {row.name}
                </th>
                <td className="px-3 py-1.5 font-mono break-all">{row.expected ?? <span className="text-slate-600">(not expected)</span>}</td>
                <td className="px-3 py-1.5 font-mono break-all">{row.actual ?? <span className="text-slate-600">(absent)</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
