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
  if (isSchemaShaped(value)) return { ok: true, result: value };
  const parsed = judgeResultSchema.safeParse(value);
  if (parsed.success) return { ok: true, result: parsed.data };
  return { ok: false, reason: parsed.error.issues.map((issue) => `${issue.path.join(".") || "result"}: ${issue.message}`).join("; ") };
}

// The schema's keys in its order, which is the order of the objects it returns, and the optional ones.
const RESULT_KEYS = ["score", "passed", "applicable", "explanation", "findings", "measuredBy"];
const FINDING_KEYS = ["check", "severity", "path", "message", "evidence"];
const OPTIONAL: ReadonlySet<string> = new Set(["measuredBy", "path", "evidence"]);
const SEVERITIES: ReadonlySet<unknown> = new Set(findingSchema.shape.severity.options);

/**
 * Whether the schema would return `value` as it is: a plain object with only the schema's keys, in
 * its order, each valid (and no usage). Then the parse's copy would be equal to it, key for key: the
 * built-in judge builds every result so, and its thousands of results a second then skip a parse
 * that costs more than some of its checks. Anything else is parsed (judge-result.test.ts keeps the
 * two in step).
 */
function isSchemaShaped(value: unknown): value is JudgeResult {
  if (!isPlainObject(value) || !hasKeysInOrder(value, RESULT_KEYS)) return false;
  const { score, passed, applicable, explanation, findings, measuredBy } = value;
  if (!(score === null || (typeof score === "number" && Number.isFinite(score) && score >= 0 && score <= 1))) return false;
  if (!(passed === null || typeof passed === "boolean") || typeof applicable !== "boolean" || typeof explanation !== "string") return false;
  // The schema's two refinements: a verdict or a score exactly when applicable.
  if (applicable ? score === null && passed === null : score !== null || passed !== null) return false;
  if (!everyItem(findings, isSchemaShapedFinding)) return false;
  return !("measuredBy" in value) || everyItem(measuredBy, isString);
}

function isSchemaShapedFinding(value: unknown): boolean {
  if (!isPlainObject(value) || !hasKeysInOrder(value, FINDING_KEYS)) return false;
  const { check, severity, path, message, evidence } = value;
  return typeof check === "string" && SEVERITIES.has(severity) && typeof message === "string" && (!("path" in value) || typeof path === "string") && (!("evidence" in value) || typeof evidence === "string");
}

const isString = (value: unknown) => typeof value === "string";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** An array whose every element (holes included, as the schema reads them) passes. */
function everyItem(value: unknown, test: (item: unknown) => boolean): boolean {
  if (!Array.isArray(value)) return false;
  for (let index = 0; index < value.length; index++) if (!test(value[index])) return false;
  return true;
}

/** Keys all among `keys` and in that order, none missing but optional ones. */
function hasKeysInOrder(value: Record<string, unknown>, keys: readonly string[]): boolean {
  let next = 0;
  for (const key in value) {
    while (next < keys.length && keys[next] !== key) {
      if (!OPTIONAL.has(keys[next])) return false;
      next++;
    }
    if (next === keys.length) return false;
    next++;
  }
  for (; next < keys.length; next++) if (!OPTIONAL.has(keys[next])) return false;
  return true;
}
