import { z } from "zod";
import type { JudgeResult } from "@/lib/judging/judges/types";

const findingSchema = z.object({
  check: z.string(),
  severity: z.enum(["info", "minor", "major", "critical"]),
  path: z.string().optional(),
  message: z.string(),
  evidence: z.string().optional(),
});

const usageSchema = z.object({
  inputTokens: z.number().nonnegative().optional(),
  outputTokens: z.number().nonnegative().optional(),
  costUsd: z.number().nonnegative().optional(),
  latencyMs: z.number().nonnegative().optional(),
});

/**
 * A judge's answer as the engine accepts it. Judges are plug-ins (and cache entries outlive
 * code versions), so their output is checked before it becomes a stored result.
 */
export const judgeResultSchema = z
  .object({
    score: z.number().min(0).max(1).nullable(),
    passed: z.boolean().nullable(),
    applicable: z.boolean(),
    explanation: z.string(),
    findings: z.array(findingSchema),
    measuredBy: z.array(z.string()).optional(),
    usage: usageSchema.optional(),
  })
  .refine((result) => result.applicable || (result.score === null && result.passed === null), {
    message: "a result that is not applicable has neither score nor verdict",
  })
  .refine((result) => !result.applicable || result.score !== null || result.passed !== null, {
    message: "an applicable result needs a score or a verdict",
  });

export type ValidatedResult = { ok: true; result: JudgeResult } | { ok: false; reason: string };

export function validateJudgeResult(value: unknown): ValidatedResult {
  const parsed = judgeResultSchema.safeParse(value);
  if (parsed.success) return { ok: true, result: parsed.data };
  return { ok: false, reason: parsed.error.issues.map((issue) => `${issue.path.join(".") || "result"}: ${issue.message}`).join("; ") };
}
