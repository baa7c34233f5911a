import { describe, expect, it } from "vitest";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { createChecksJudge } from "@/lib/judges/checks";
import { immediate, tool, toolCall } from "@/lib/judges/checks/testing/views";
import type { JudgeInput } from "@/lib/judges/types";
import { threadedChecksJudge } from "./checks-threads";

const criterion = (text: string): Criterion => {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
};

const area = tool("triangle_area", { base: { type: "integer" }, height: { type: "integer" } }, ["base", "height"], "Calculate the area of a triangle from its base and height.");
const request = "Find the area of a triangle with a base of 10 units and a height of 5 units.";
const inputs: JudgeInput[] = [{ base: 10, height: 5 }, { base: "10", height: 5 }, { base: 10 }, "{not json"].flatMap((args, index) =>
  ["Reward tool calls that select appropriate tools and provide accurate parameters", "Tool call passes if every argument correctly fulfils the user's request"].map(
    (text): JudgeInput => ({ criterion: criterion(text), view: "immediate", content: immediate({ user: request, tools: [area], calls: [toolCall(String(index), "triangle_area", args as string)] }) }),
  ),
);

describe("the checks judge on a judging thread", () => {
  it("answers a group as the judge on this thread answers each call, in order", async () => {
    const inline = createChecksJudge();
    const errors: unknown[] = [];
    const threaded = threadedChecksJudge(1, (error) => errors.push(error));
    try {
      const expected = await Promise.all(inputs.map((input) => inline.evaluate(input)));
      const group = await threaded.evaluateMany?.(inputs);
      expect(group).toEqual(expected.map((value) => ({ status: "fulfilled", value })));
      expect(await threaded.evaluate(inputs[1])).toEqual(expected[1]);
      expect(new Set(expected.map((result) => result.score)).size).toBeGreaterThan(1);
      // A thread that failed would have been replaced by this thread's judge, and said so here.
      expect(errors).toEqual([]);
    } finally {
      await threaded.close();
    }
  });

  it("judges a group on this thread too when it has no thread", async () => {
    const inline = createChecksJudge();
    expect(await inline.evaluateMany?.(inputs.slice(0, 2))).toEqual(await Promise.all(inputs.slice(0, 2).map(async (input) => ({ status: "fulfilled", value: await inline.evaluate(input) }))));
  });
});
