import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgedDemo, type JudgedDemo } from "./test-fixtures";
import { transcriptCallVerdicts } from "./transcript-call-verdicts";

let demo: JudgedDemo;
let callIds: string[];
beforeAll(async () => {
  demo = await judgedDemo("transcript-verdicts");
  // A transcript judged by both demo runs.
  const call = await demo.prisma.evaluation.findFirstOrThrow({ where: { runId: demo.immediateRunId }, select: { toolCall: { select: { transcriptId: true } } } });
  callIds = (await demo.prisma.toolCall.findMany({ where: { transcriptId: call.toolCall.transcriptId }, orderBy: { ordinal: "asc" }, select: { id: true } })).map((row) => row.id);
}, 120_000);
afterAll(() => demo?.cleanup());

describe("a transcript's call verdicts", () => {
  it("come from the newest run that judged its calls, with the runs to choose from", async () => {
    const verdicts = await transcriptCallVerdicts(demo.prisma, callIds);
    const newest = await demo.prisma.run.findFirstOrThrow({ where: { id: { in: [demo.bothRunId, demo.immediateRunId] } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    expect(verdicts.runId).toBe(newest.id);
    expect(verdicts.runs.map((run) => run.id).sort()).toEqual([demo.bothRunId, demo.immediateRunId].sort());
    const stored = await demo.prisma.evaluation.count({ where: { runId: newest.id, toolCallId: { in: callIds } } });
    expect([...verdicts.byCall.values()].flat()).toHaveLength(stored);
  });

  it("come from the run asked for, each call's in the run's criterion order, immediate before hindsight", async () => {
    const verdicts = await transcriptCallVerdicts(demo.prisma, callIds, demo.bothRunId);
    expect(verdicts.runId).toBe(demo.bothRunId);
    const order = (await demo.prisma.runCriterion.findMany({ where: { runId: demo.bothRunId }, orderBy: { position: "asc" }, select: { criterionId: true } })).map((row) => row.criterionId);
    for (const chips of verdicts.byCall.values()) {
      const keys = chips.map((chip) => order.indexOf(chip.criterionId) * 2 + (chip.mode === "hindsight" ? 1 : 0));
      expect(keys).toEqual([...keys].sort((a, b) => a - b));
    }
  });

  it("fall back to the newest for a run that did not judge them, and are empty without calls", async () => {
    expect((await transcriptCallVerdicts(demo.prisma, callIds, "no-such-run")).runId).toBe((await transcriptCallVerdicts(demo.prisma, callIds)).runId);
    expect(await transcriptCallVerdicts(demo.prisma, [])).toEqual({ runs: [], runId: null, byCall: new Map() });
  });
});
