import type { MeasurementPlan } from "@/lib/judging/judges/measured-by";

/** "Measured by …" for one criterion and judge, with what depends on the response and a warning when results would be n/a. */
export function MeasuredBy({ plan, label }: { plan: MeasurementPlan; label?: string }) {
  if (!plan.ok) return null;
  return (
    <div className="space-y-1 text-sm" data-testid="measured-by">
      {label ? <p className="font-medium text-slate-800">{label}</p> : null}
      <p className={plan.measurable ? "text-slate-700" : "font-medium text-amber-900"}>{plan.measuredBy}</p>
      {plan.warning ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-amber-900">
          {plan.warning}
        </p>
      ) : null}
      <ul className="list-disc space-y-0.5 pl-5 text-xs text-slate-600">
        {plan.details.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </ul>
    </div>
  );
}
