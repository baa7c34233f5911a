import { z } from "zod";
import type { CriterionScale } from "@/lib/criteria/parse";
import { finite } from "@/lib/runs/results/finite";
import { passes, PASS_THRESHOLD } from "@/lib/runs/results/verdict";

/** What a reviewer can say about a judge's result. */
export const HUMAN_VERDICTS = ["agree", "disagree", "discuss"] as const;

/** agree, disagree or discuss. */
export type HumanVerdictKind = (typeof HUMAN_VERDICTS)[number];

/**
 * A reviewer's verdict on one judge result. A disagreement carries the correction: the right
 * pass/fail for a binary criterion, the right score for a continuous one.
 */
export type HumanVerdict =
  | { verdict: "agree" }
  | { verdict: "disagree"; passed: boolean }
  | { verdict: "disagree"; score: number }
  | { verdict: "discuss" };

type Disagreement = Extract<HumanVerdict, { verdict: "disagree" }>;

const disagreeSchema = z
  .strictObject({
    verdict: z.literal("disagree"),
    passed: z.boolean({ error: "The corrected verdict is pass (true) or fail (false)." }).optional(),
    score: z
      .number({ error: "The corrected score must be a number from 0 to 1." })
      .min(0, "The corrected score must be from 0 to 1.")
      .max(1, "The corrected score must be from 0 to 1.")
      .optional(),
  })
  .refine((value) => (value.passed === undefined) !== (value.score === undefined), {
    message: "A disagreement needs the correct result: a verdict (pass or fail) or a score, one of them.",
  })
  .transform((value): Disagreement => (value.passed !== undefined ? { verdict: "disagree", passed: value.passed } : { verdict: "disagree", score: value.score ?? 0 }));

/** A human verdict as a form or an action sends it; see HumanVerdict. Unknown keys are refused. */
export const humanVerdictSchema = z.discriminatedUnion(
  "verdict",
  [z.strictObject({ verdict: z.literal("agree") }), disagreeSchema, z.strictObject({ verdict: z.literal("discuss") })],
  { error: "Choose a verdict: agree, disagree or discuss." },
);

/** The judge's result as a verdict needs it. */
export interface JudgeResultValues {
  score: number | null;
  passed: boolean | null;
}

/** A score as the review pages write it: two decimals. */
export function formatScore(score: number): string {
  return score.toFixed(2);
}

const verdictWord = (passed: boolean) => (passed ? "pass" : "fail");

/**
 * Whether a verdict can be recorded on a result of this scale: a disagreement on a binary
 * criterion carries `passed`, on a continuous one `score`. Given the judge's result, a
 * "correction" that repeats it is refused too: that is agreeing, and would count as a disagreement.
 */
export function checkVerdictFitsScale(human: HumanVerdict, scale: CriterionScale, judge?: JudgeResultValues): { ok: true } | { ok: false; message: string } {
  if (human.verdict !== "disagree") return { ok: true };
  if (scale === "binary") {
    if (!("passed" in human)) return { ok: false, message: "This criterion gives pass or fail: disagree with the correct verdict, not a score." };
    if (judge && passes("binary", judge.score, judge.passed) === human.passed) {
      return { ok: false, message: `The judge already said ${verdictWord(human.passed)}: agree instead, or correct it to ${verdictWord(!human.passed)}.` };
    }
    return { ok: true };
  }
  if (!("score" in human)) return { ok: false, message: "This criterion gives a score from 0 to 1: disagree with the correct score, not pass or fail." };
  if (judge && finite(judge.score) === human.score) return { ok: false, message: `The judge already scored ${formatScore(human.score)}: agree instead, or give a different score.` };
  return { ok: true };
}

/** The Review columns that hold a verdict. */
export interface HumanVerdictColumns {
  verdict: HumanVerdictKind;
  humanPassed: boolean | null;
  humanScore: number | null;
}

/** A verdict as Review columns: the correction goes to humanPassed or humanScore, the other stays null. */
export function verdictColumns(human: HumanVerdict): HumanVerdictColumns {
  if (human.verdict !== "disagree") return { verdict: human.verdict, humanPassed: null, humanScore: null };
  return "passed" in human ? { verdict: "disagree", humanPassed: human.passed, humanScore: null } : { verdict: "disagree", humanPassed: null, humanScore: human.score };
}

/**
 * A verdict read back from Review columns (plain strings and nullable values); null when there is
 * none, or when the row holds no usable correction.
 */
export function humanVerdictFromRow(row: { verdict: string | null; humanPassed: boolean | null; humanScore: number | null }): HumanVerdict | null {
  switch (row.verdict) {
    case "agree":
    case "discuss":
      return { verdict: row.verdict };
    case "disagree": {
      if (row.humanPassed !== null) return { verdict: "disagree", passed: row.humanPassed };
      const score = finite(row.humanScore);
      return score === null ? null : { verdict: "disagree", score };
    }
    default:
      return null;
  }
}

/** What to show beside a judge's result once a person has reviewed it. */
export interface CorrectedResult {
  verdict: HumanVerdictKind;
  /** The pass/fail people stand behind: the judge's when they agreed, their correction when not; null under discussion or without a judge verdict. */
  passed: boolean | null;
  /** The score people stand behind, for continuous criteria: the judge's on agreement, the correction on disagreement. */
  score: number | null;
  /** Whether people reached the opposite pass/fail (a corrected score on the same side of 0.5 does not). */
  overturned: boolean;
  /** "human: fail", "human: 0.30 (fail)", "human: agrees", "human: to discuss". */
  label: string;
}

/**
 * The human view of a judged result. `scale` decides how the judge's values read; without it a
 * `passed` counts when present, else the score against PASS_THRESHOLD (right for both scales
 * unless a continuous result also stores a contradictory `passed`).
 */
export function correctedResult(judge: JudgeResultValues, human: HumanVerdict, scale?: CriterionScale): CorrectedResult {
  const judgeScale: CriterionScale = scale ?? (human.verdict === "disagree" && "score" in human ? "continuous" : "binary");
  const judgePassed = passes(judgeScale, judge.score, judge.passed);
  switch (human.verdict) {
    case "agree":
      return { verdict: "agree", passed: judgePassed, score: judgeScale === "continuous" ? finite(judge.score) : null, overturned: false, label: "human: agrees" };
    case "discuss":
      return { verdict: "discuss", passed: null, score: null, overturned: false, label: "human: to discuss" };
    case "disagree": {
      if ("passed" in human) {
        return { verdict: "disagree", passed: human.passed, score: null, overturned: judgePassed !== null && judgePassed !== human.passed, label: `human: ${verdictWord(human.passed)}` };
      }
      const passed = human.score >= PASS_THRESHOLD;
      return {
        verdict: "disagree",
        passed,
        score: human.score,
        overturned: judgePassed !== null && judgePassed !== passed,
        label: `human: ${formatScore(human.score)} (${verdictWord(passed)})`,
      };
    }
  }
}
