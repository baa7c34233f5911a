import type { ReferenceSummary } from "@/lib/references/expected-call";

/** A transcript's reference: each expected call, and which call performed it. */
export function ReferenceSteps({ summary }: { summary: ReferenceSummary }) {
  const { transcript } = summary;
  return (
    <section aria-labelledby="reference-heading" className="mt-6">
      <h2 id="reference-heading" className="mb-2 text-lg font-semibold">
        Reference: expected calls
      </h2>
      <p className={`mb-2 text-sm ${transcript.passed ? "text-emerald-800" : "text-rose-800"}`} data-testid="reference-transcript-verdict">
        {transcript.passed ? "Every judged call matches the reference, and no expected call is missing." : `Differs from the reference: ${transcript.reasons.length} problem${transcript.reasons.length === 1 ? "" : "s"}.`}
      </p>
      {transcript.reasons.length ? (
        <ul className="mb-3 list-disc pl-5 text-sm text-rose-800">
          {transcript.reasons.slice(0, 20).map((reason, index) => (
            <li key={index}>
              {reason.message} ({reason.code})
            </li>
          ))}
        </ul>
      ) : null}
      <ol className="space-y-2 text-sm">
        {summary.steps.map((step, stepIndex) => (
          <li key={stepIndex} className="rounded-lg border border-slate-200 bg-white p-3">
            <p className="font-medium">
              Step {stepIndex + 1}
              {step.anyOrder ? " (any order)" : ""}
            </p>
            <ul className="mt-1 space-y-1">
              {step.calls.map((call, callIndex) => (
                <li key={callIndex} className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-mono break-all">
                    {call.name}({call.expected})
                  </span>
                  {call.performedBy !== null ? (
                    <a href={`#call-${call.performedBy}`} className="text-indigo-700 hover:underline">
                      performed by call #{call.performedBy}
                    </a>
                  ) : (
                    <span className={call.optional ? "text-slate-500" : "text-rose-700"}>{call.optional ? "optional, not performed" : "not performed"}</span>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
