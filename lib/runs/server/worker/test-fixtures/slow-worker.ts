/**
 * A worker in its own process, for the resume test: `node --import tsx slow-worker.ts <databaseUrl> <logFile> <delayMs>`.
 * Its judge is slow, so that the test can SIGKILL the process while evaluations are in flight,
 * and it appends "<pid> <evaluationId>" to the log each time it calls the judge.
 */
import { appendFileSync } from "node:fs";
import { sleep } from "@/lib/judging/engine/sleep";
import { createChecksJudge } from "@/lib/judging/judges/checks";
import type { Judge } from "@/lib/judging/judges/types";
import { createPrisma } from "@/lib/platform/db/client";
import { startWorker } from "../start-worker";

export const SLOW_JUDGE_ID = "slow-checks";

const [databaseUrl, logFile, delay] = process.argv.slice(2);
if (!databaseUrl || !logFile) throw new Error("usage: slow-worker.ts <databaseUrl> <logFile> <delayMs>");
const delayMs = Number(delay ?? 25);

const inner = createChecksJudge();
const judge: Judge = {
  id: SLOW_JUDGE_ID,
  async evaluate(input, signal) {
    await sleep(delayMs, signal);
    return inner.evaluate(input, signal);
  },
};

startWorker({
  prisma: createPrisma(databaseUrl),
  pollMs: 20,
  batchSize: 4,
  maxInFlight: 8,
  concurrencyFor: () => 4,
  judgeFactory: () => judge,
  // Synchronous, so the line is in the file before the judge starts: a kill cannot lose it.
  onJudgeCall: (evaluationId) => appendFileSync(logFile, `${process.pid} ${evaluationId}\n`),
});
process.stdout.write("worker started\n");
