"use client";

import { useState } from "react";
import type { CheckInfo } from "@/lib/judging/judges/checks/check";
import { isCriterionTooLong } from "@/lib/criteria/parse";
import { scopeOf } from "@/lib/criteria/scope";
import { describeMeasurement, type JudgeChoice } from "@/lib/judging/judges/measured-by";
import { PREVIEW_CALLS } from "@/lib/criteria/schemas/preview";
import { MeasuredBy } from "./measured-by";
import { PreviewButton } from "./preview-button";

interface Props {
  text: string;
  judges: JudgeChoice[];
  /** The built-in judge's catalogue (CHECK_INFOS), from the server. */
  catalogue: readonly CheckInfo[];
}

/**
 * Under a criterion being written: what the chosen judge will measure it by, as it is typed, and
 * a preview on the most recent calls in both views (so a criterion that needs the tool's
 * response shows it), before the criterion is stored.
 */
export function CriterionMeasurement({ text, judges, catalogue }: Props) {
  const [kind, setKind] = useState(judges[0]?.kind ?? "checks");
  const judge = judges.find((candidate) => candidate.kind === kind) ?? judges[0];
  // An oversized text cannot be stored, and its preview would be refused as too large to send.
  if (!judge || !text.trim() || isCriterionTooLong(text)) return null;
  const plan = describeMeasurement(judge, text, "both", catalogue);
  if (!plan.ok) return null;
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      <label className="block text-sm font-medium">
        Judge{" "}
        <select value={judge.kind} onChange={(event) => setKind(event.target.value as JudgeChoice["kind"])} className="ml-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm font-normal">
          {judges.map((candidate) => (
            <option key={candidate.kind} value={candidate.kind}>
              {candidate.label}
              {candidate.configured ? "" : " (not configured)"}
            </option>
          ))}
        </select>
      </label>
      <MeasuredBy plan={plan} />
      {scopeOf(text) === "agent" ? (
        <p className="text-xs text-slate-600">The preview samples tool calls, so it is not offered for agent-level criteria: start a run to judge whole transcripts.</p>
      ) : (
        <PreviewButton
          judge={judge}
          requestKey={`${judge.kind}|${text.trim()}`}
          requests={PREVIEW_CALLS * 2}
          request={() => ({ criteria: [text], judgeKind: judge.kind, mode: "both" })}
        />
      )}
    </div>
  );
}
