import { canonicalJson } from "@/lib/eval/cache-key";
import { createChecksJudge } from "@/lib/judges/checks";
import type { Judge } from "@/lib/judges/types";
import type { JudgeConfig } from "@/lib/zod/runs";

/**
 * Builds the judge a run asked for from its stored, secret-free config. Network judges read
 * their API keys from the server's environment here, so keys never reach the database.
 */
export type JudgeFactory = (config: JudgeConfig) => Judge | Promise<Judge>;

export const defaultJudgeFactory: JudgeFactory = (config) => {
  switch (config.kind) {
    case "checks":
      return createChecksJudge();
  }
};

/** Concurrent calls per judge: the checks judge is local CPU work; a provider gets a gentle default. */
export function defaultConcurrency(judgeId: string): number {
  return judgeId === "checks" ? 8 : 4;
}

/**
 * One judge per distinct config for the worker's lifetime, so clients and connection pools are
 * shared. A factory that fails (a missing API key) is asked again next time rather than cached,
 * so fixing the environment and retrying the failed rows is enough.
 */
export class JudgeResolver {
  private readonly judges = new Map<string, Promise<Judge>>();

  constructor(private readonly factory: JudgeFactory) {}

  async get(config: JudgeConfig): Promise<Judge> {
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
