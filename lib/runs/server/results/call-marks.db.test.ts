import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { recomputeCallBounds } from "../call-bounds";
import { callMarks, placeByMarks, type CallMarks } from "./call-marks";
import { runCallIds } from "./run-call-query";
import { judgedDemo, type JudgedDemo } from "./test-fixtures";

let demo: JudgedDemo;
let prisma: PrismaClient;
/** The run's unfiltered list, ascending, and each call's transcript. */
let ids: string[];
let transcriptOf: Map<string, string>;

beforeAll(async () => {
  demo = await judgedDemo("call-marks");
  prisma = demo.prisma;
  // One instant for every transcript, as a single import gives them: the order falls to the ids,
  // and PostgreSQL's estimate of a range on (createdAt, id) to the whole table.
  // Transcripts never change their createdAt once stored; changed here, past the writers, the run's bounds follow.
  await prisma.transcript.updateMany({ data: { createdAt: new Date("2026-03-04T05:06:07.089Z") } });
  await recomputeCallBounds(prisma, demo.immediateRunId);
  ids = await runCallIds(prisma, demo.immediateRunId, runViewSchema.parse({ dir: "asc" }), 0, 100_000);
  const calls = await prisma.toolCall.findMany({ where: { id: { in: ids } }, select: { id: true, transcriptId: true } });
  transcriptOf = new Map(calls.map((call) => [call.id, call.transcriptId]));
}, 120_000);
afterAll(() => demo.cleanup());

/** A mark at every `every`-th transcript of the list, from `from`: with the calls before it. */
function marksEvery(every: number, from = 0): CallMarks {
  const marks: CallMarks["marks"] = [];
  let seen = -1;
  for (const [index, id] of ids.entries()) {
    const transcriptId = transcriptOf.get(id) ?? "";
    if (index > 0 && transcriptOf.get(ids[index - 1]) === transcriptId) continue;
    seen += 1;
    if (seen >= from && (seen - from) % every === 0) marks.push({ transcriptId, before: index });
  }
  return { stride: 1, marks };
}

describe("a call's place by the run's marks", () => {
  it("is its place in the list, from the worker's marks and from marks at every second transcript", async () => {
    expect(new Set(transcriptOf.values()).size).toBeGreaterThan(4);
    const worker = await callMarks(prisma, demo.immediateRunId);
    const dense = marksEvery(2);
    expect(dense.marks.length).toBeGreaterThan(2);
    for (const [index, id] of ids.entries()) {
      expect(await placeByMarks(prisma, demo.immediateRunId, id, worker)).toBe(index);
      expect(await placeByMarks(prisma, demo.immediateRunId, id, dense)).toBe(index);
    }
  });

  it("is unknown before the first mark, for a call the run did not judge, and without marks", async () => {
    const late = marksEvery(1, 2);
    const firstMarked = ids.findIndex((id) => transcriptOf.get(id) === late.marks[0].transcriptId);
    expect(firstMarked).toBeGreaterThan(0);
    expect(await placeByMarks(prisma, demo.immediateRunId, ids[firstMarked - 1], late)).toBeNull();
    expect(await placeByMarks(prisma, demo.immediateRunId, ids[firstMarked], late)).toBe(firstMarked);
    expect(await placeByMarks(prisma, demo.immediateRunId, "no-such-call", marksEvery(1))).toBeNull();
    expect(await placeByMarks(prisma, demo.immediateRunId, ids[0], { stride: 1, marks: [] })).toBeNull();
  });
});
