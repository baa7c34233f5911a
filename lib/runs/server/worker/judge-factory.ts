import { canonicalJson } from "@/lib/judging/engine/cache-key";
import { buildJudge, type BuildOptions } from "@/lib/judging/judges/build-judge";
import { JUDGE_LABELS, type JudgeEnv } from "@/lib/judging/judges/registry";
import type { Judge } from "@/lib/judging/judges/types";
import type { RunJudgeConfig } from "@/lib/runs/schemas/runs";

/**
 * Builds the judge a run asked for from its stored, secret-free config. Network judges get
 * their API keys from the server's environment here, so keys never reach the database.
 */
export type JudgeFactory = (config: RunJudgeConfig) => Judge | Promise<Judge>;

/** The run's settings (model, temperature, endpoint) win; the environment supplies what a run never stores (buildJudge). */
export function judgeFactoryFromEnv(env: JudgeEnv, options?: BuildOptions): JudgeFactory {
  return (config) => {
    const built = buildJudge(config, env, options);
    if (built.ok) return built.judge;
    if (built.problem === "not-started") throw built.error;
    throw new Error(`the ${JUDGE_LABELS[config.kind]} judge is not configured on this server: ${built.reason}`);
  };
}

export const defaultJudgeFactory: JudgeFactory = (config) => judgeFactoryFromEnv(process.env)(config);

/**
 * One judge per distinct config for the worker's lifetime, so clients and connection pools are
 * shared. A factory that fails (a missing API key) is asked again next time rather than cached,
 * so fixing the environment and retrying the failed rows is enough.
 */
export class JudgeResolver {
  private readonly judges = new Map<string, Promise<Judge>>();

  constructor(private readonly factory: JudgeFactory) {}

  async get(config: RunJudgeConfig): Promise<Judge> {
    const key = canonicalJson(config);
    let judge = this.judges.get(key);
    if (!judge) {
      judge = Promise.resolve().then(() => this.factory(config));
      this.judges.set(key, judge);
      judge.catch(() => this.judges.delete(key));
    }
    return judge;
  }
}
