import type { ChecksPlanDescription } from "@/lib/judging/judges/checks/describe";

const VIEW_LABEL = { immediate: "before the response", hindsight: "in hindsight" } as const;

/** The built-in judge's plan for a criterion: which checks, in which view, and what it cannot measure. */
export function ChecksPlan({ plan }: { plan: ChecksPlanDescription }) {
  return (
    <details className="mt-2 text-xs text-slate-700" data-testid="checks-plan">
      <summary className={`cursor-pointer ${plan.measurable ? "text-slate-700" : "font-medium text-amber-800"}`}>
        {plan.measurable
          ? `Built-in judge: ${plan.topics.join(", ")} (${plan.checks.length} check${plan.checks.length > 1 ? "s" : ""})${plan.unread.length ? `; not measured: ${plan.unread.join(", ")}` : ""}`
          : `Built-in judge: not measured${plan.unread.length ? ` (${plan.unread.join(", ")} needs an LLM judge)` : ", use an LLM judge"}`}
      </summary>
      <p className="mt-1 max-w-prose">{plan.summary}</p>
      {plan.checks.length ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {plan.checks.map((check) => (
            <li key={check.id} title={check.explanation}>
              <span className="font-medium">{check.title}</span> <code className="text-slate-500">{check.id}</code>{" "}
              <span className="text-slate-500">({check.views.length ? check.views.map((view) => VIEW_LABEL[view]).join(" and ") : "whole transcript"})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
