import type { JudgeChoice } from "./measured-by";
import { judgeStatusFromEnv, type JudgeEnv } from "./registry";

/** The judges a form offers, with whether this server configures them: only what the form shows leaves the server, never a key or an endpoint. */
export function judgeChoices(env: JudgeEnv): JudgeChoice[] {
  return judgeStatusFromEnv(env).map(({ kind, label, configured, reason, id, model }) => ({ kind, label, configured, id, ...(reason ? { reason } : {}), ...(model ? { model } : {}) }));
}
