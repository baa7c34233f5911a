import { z } from "zod";
import type { Criterion } from "@/lib/criteria/parse";
import { badOutputError } from "@/lib/judging/judges/llm/http-errors";
import type { JudgeResult, JudgeUsage } from "@/lib/judging/judges/types";

// Composo applies the prefix itself ("Penalize …" scores low when the condition holds), so its
// score is the criterion's score as is. null means the criterion does not apply.
const rewardResponseSchema = z.object({
  score: z.number().min(0).max(1).nullable(),
  explanation: z.string().nullish(),
});

const binaryResponseSchema = z.object({
  passed: z.boolean().nullable(),
  explanation: z.string().nullish(),
});

export function composoEndpoint(criterion: Criterion): "reward" | "binary" {
  return criterion.scale === "continuous" ? "reward" : "binary";
}

/** A Composo answer as a JudgeResult; an off-contract answer is an error, never a guess. */
export function composoResult(body: unknown, criterion: Criterion, judgeId: string, usage: JudgeUsage): JudgeResult {
  const base = { findings: [], measuredBy: [judgeId], usage };
  if (criterion.scale === "continuous") {
    const parsed = rewardResponseSchema.safeParse(body);
    if (!parsed.success) throw badOutputError(judgeId, `the reward answer is not {score, explanation}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    const { score, explanation } = parsed.data;
    if (score === null) return { ...base, score: null, passed: null, applicable: false, explanation: explanation || "Composo found the criterion not applicable to this call." };
    return { ...base, score, passed: null, applicable: true, explanation: explanation ?? "" };
  }
  const parsed = binaryResponseSchema.safeParse(body);
  if (!parsed.success) throw badOutputError(judgeId, `the binary answer is not {passed, explanation}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  const { passed, explanation } = parsed.data;
  if (passed === null) return { ...base, score: null, passed: null, applicable: false, explanation: explanation || "Composo found the criterion not applicable to this call." };
  return { ...base, score: passed ? 1 : 0, passed, applicable: true, explanation: explanation ?? "" };
}
