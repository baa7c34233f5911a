import type { ProgressStore } from "./types";

export const sqliteProgressStore: ProgressStore = {
  async runningRows(prisma, runId) {
    const where = { runId, status: "running" };
    const [calls, agents] = await Promise.all([prisma.evaluation.count({ where }), prisma.transcriptEvaluation.count({ where })]);
    return calls + agents;
  },
};
