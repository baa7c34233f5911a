import { describe, expect, it } from "vitest";
import { readTranscripts } from "./read-transcripts";

describe("readTranscripts", () => {
  it("yields each outcome in order with the bytes read so far and its location", async () => {
    const outcomes = [];
    for await (const o of readTranscripts(['{"messages":[{"role":"user","content":"a"}]}\n', "not json\n"], "x.jsonl")) outcomes.push(o);
    expect(outcomes.map((o) => [o.outcome.ok, o.bytesRead, o.line])).toEqual([
      [true, 45, 1],
      [false, 54, 2],
    ]);
  });

  it("locates array elements by index", async () => {
    const outcomes = [];
    for await (const o of readTranscripts(['[{"messages":[{"role":"user","content":"a"}]}, 3]'], "x.json")) outcomes.push(o);
    expect(outcomes.map((o) => [o.outcome.ok, o.index])).toEqual([
      [true, 0],
      [false, 1],
    ]);
  });
});
