import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAgentCriterion } from "@/lib/criteria/agent-prefixes";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { createChecksJudge } from "@/lib/judging/judges/checks";
import { checksAgentJudge } from "@/lib/judging/judges/agent";
import { immediate, tool, toolCall } from "@/lib/judging/judges/checks/test-fixtures/views";
import type { JudgeInput } from "@/lib/judging/judges/types";
import { JudgeBudgetError, threadedChecksJudge, type ThreadedChecksJudge } from "./checks-threads";

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

// Each judge's thread loads the judge through tsx, a second or two apiece on a busy machine: the
// tests of a describe share one, and a thread that failed or stalled would say so in `errors`.
describe("the checks judge on a judging thread", () => {
  const errors: unknown[] = [];
  let threaded: ThreadedChecksJudge;
  beforeAll(() => {
    threaded = threadedChecksJudge({ threads: 1, onError: (error) => errors.push(error) });
  });
  afterAll(() => threaded.close());

  it("answers a group as the judge on this thread answers each call, in order", async () => {
    const inline = createChecksJudge();
    const expected = await Promise.all(inputs.map((input) => inline.evaluate(input)));
    const group = await threaded.evaluateMany?.(inputs);
    expect(group).toEqual(expected.map((value) => ({ status: "fulfilled", value })));
    expect(await threaded.evaluate(inputs[1])).toEqual(expected[1]);
    expect(new Set(expected.map((result) => result.score)).size).toBeGreaterThan(1);
    expect(errors).toEqual([]);
  });

  it("judges calls against a reference on a thread as here: the reference crosses as text, since cloning keeps no PyInt or PyDict", async () => {
    const referenceText = '{"steps":[{"calls":[{"name":"triangle_area","allowed":{"base":[10],"height":[5]}}]}],"match":{"preset":"bfcl","language":"python"}}';
    const matches = criterion("Tool call passes if it matches the reference");
    const referenced = [{ base: 10, height: 5 }, { base: "10", height: 5 }, { base: 10 }, "{not json"].map(
      (args, index): JudgeInput => ({ criterion: matches, view: "immediate", content: { ...immediate({ user: request, tools: [area], calls: [toolCall(String(index), "triangle_area", args as string)] }), referenceText } }),
    );
    const expected = await Promise.all(referenced.map((input) => createChecksJudge().evaluate(input)));
    expect(expected.map((result) => result.passed)).toEqual([true, false, false, false]);
    expect(await threaded.evaluateMany?.(referenced)).toEqual(expected.map((value) => ({ status: "fulfilled", value })));
    expect(errors).toEqual([]);
  });

  it("judges a group on this thread too when it has no thread", async () => {
    const inline = createChecksJudge();
    expect(await inline.evaluateMany?.(inputs.slice(0, 2))).toEqual(await Promise.all(inputs.slice(0, 2).map(async (input) => ({ status: "fulfilled", value: await inline.evaluate(input) }))));
  });

  it("judges whole transcripts on the thread too, as the agent checks do here", async () => {
    const agent = parseAgentCriterion("Reward agents that recover from errors and complete the request");
    if (!agent.ok) throw new Error(agent.message);
    const content = { messages: [{ role: "user" as const, content: request }, ...inputs[0].content.context.slice(1)], tools: [area] };
    expect(await threaded.evaluateTranscript({ criterion: agent.criterion, content })).toEqual(await checksAgentJudge.evaluateTranscript({ criterion: agent.criterion, content }));
    expect(errors).toEqual([]);
  });
});

describe("a call that runs past its budget", () => {
  const threadModule = pathToFileURL(path.join(import.meta.dirname, "test-fixtures/misbehaving-thread.ts")).href;
  const marked = (marker: string): JudgeInput => ({ ...inputs[0], criterion: criterion(`Tool call fails if the call is ${marker}`) });
  // Shared too: each test starts on whichever thread the last replacement left, and reads only the errors of its own calls.
  const errors: unknown[] = [];
  let threaded: ThreadedChecksJudge;
  beforeAll(() => {
    // Far above what these small calls take, so that only the stall runs past it.
    threaded = threadedChecksJudge({ threads: 1, budgetMs: 1_000, module: threadModule, onError: (error) => errors.push(error) });
  });
  afterAll(() => threaded.close());

  it("fails alone with a budget error; its thread is replaced and every other call is answered", async () => {
    const before = errors.length;
    const inline = createChecksJudge();
    const expected = await Promise.all(inputs.map((input) => inline.evaluate(input)));
    // The stalling call sits in the middle of a group: the calls before and after it on the same thread are answered too.
    const group = [...inputs.slice(0, 4), marked("STALL-THE-JUDGE"), ...inputs.slice(4)];
    // The budget error's own figure shows the stall was cut at its budget, whatever the machine's load.
    const answers = await threaded.evaluateMany?.(group);
    expect(answers?.[4]).toMatchObject({ status: "rejected", reason: expect.any(JudgeBudgetError) });
    expect(answers?.filter((_, index) => index !== 4)).toEqual(expected.map((value) => ({ status: "fulfilled", value })));
    expect(errors.slice(before).map(String)).toEqual([expect.stringMatching(/spent \d+ ms on one call \(budget 1000 ms\): replaced/)]);
    // Later batches go on on the new thread.
    expect(await threaded.evaluate(inputs[1])).toEqual(expected[1]);
  }, 60_000);

  it("a thread that dies fails the call it was on and is replaced", async () => {
    const before = errors.length;
    const [crashed, after] = await Promise.allSettled([threaded.evaluate(marked("CRASH-THE-THREAD")), threaded.evaluate(inputs[0])]);
    expect(crashed).toMatchObject({ status: "rejected", reason: { message: expect.stringMatching(/thread failed on this call: a judging thread exited with code 7/) } });
    expect(after).toEqual({ status: "fulfilled", value: await createChecksJudge().evaluate(inputs[0]) });
    expect(errors.slice(before).map(String)).toEqual([expect.stringMatching(/exited with code 7/)]);
  }, 60_000);
});
