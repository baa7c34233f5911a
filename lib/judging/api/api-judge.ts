import { createHash } from "node:crypto";
import { canonicalJson } from "@/lib/judging/engine/cache-key";
import { sharedChecksJudge } from "@/lib/judging/engine/checks-threads";
import { JUDGE_KINDS, judgeConfigFromEnv, type JudgeEnv, type JudgeKind } from "@/lib/judging/judges/registry";
import { z } from "zod";
import { judgeFromEnv, type ConfiguredJudge, type JudgeSetup } from "../engine/judge-from-env";

export const apiJudgeEnvSchema = z.object({
  CALLBOARD_API_JUDGE: z
    .string()
    .trim()
    .optional()
    // As elsewhere, an empty variable means "not set".
    .transform((value) => (value ? value.toLowerCase() : "checks"))
    .pipe(z.enum(JUDGE_KINDS, { message: `must be one of ${JUDGE_KINDS.join(", ")}` })),
});

// Network judges hold SDK clients and connection pools: one per configuration for the process
// (built by judgeFromEnv, that is buildJudge, like every judge).
const judges = new Map<string, ConfiguredJudge>();

/** Which judge CALLBOARD_API_JUDGE names (default checks), or why the value is not one. */
export function apiJudgeKind(env: JudgeEnv): { ok: true; kind: JudgeKind } | { ok: false; reason: string } {
  const parsed = apiJudgeEnvSchema.safeParse(env);
  if (!parsed.success) {
    return { ok: false, reason: `CALLBOARD_API_JUDGE ${JSON.stringify(env.CALLBOARD_API_JUDGE)} ${parsed.error.issues[0]?.message ?? "is invalid"}` };
  }
  return { ok: true, kind: parsed.data.CALLBOARD_API_JUDGE };
}

/** The judge the evaluation API answers with: CALLBOARD_API_JUDGE (default checks), configured from the environment. */
export function apiJudge(env: JudgeEnv): JudgeSetup {
  const chosen = apiJudgeKind(env);
  if (!chosen.ok) return chosen;
  const { kind } = chosen;
  // The built-in judge answers on its thread, off the web server's event loop: one for the process already (sharedChecksJudge).
  if (kind === "checks") return judgeFromEnv(kind, env, { checks: sharedChecksJudge });
  const config = judgeConfigFromEnv(kind, env);
  // Keyed by the whole config, key included (hashed, never kept as text), so a changed environment gets a new judge.
  const key = config.ok ? createHash("sha256").update(canonicalJson(config.config)).digest("hex") : null;
  const known = key ? judges.get(key) : undefined;
  if (known) return { ok: true, value: known };
  const setup = judgeFromEnv(kind, env);
  if (setup.ok && key) judges.set(key, setup.value);
  return setup;
}
