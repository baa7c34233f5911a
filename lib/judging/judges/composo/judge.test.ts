import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JudgeError } from "@/lib/judging/judges/llm/errors";
import { FAILS_IF, hindsightInput, immediateInput, PASSES_IF, PENALIZE, REWARD, TIME_SITE, TRANSCRIPT, WEATHER_SITE } from "@/lib/judging/judges/llm/test-fixtures";
import { startTestServer, type RecordedRequest, type ScriptedReply, type TestServer } from "@/lib/judging/judges/test-fixtures/provider-server/server";
import { describeTransportContract, TEST_KEY } from "@/lib/judging/judges/test-fixtures/provider-server/transport-contract";
import type { CanonicalMessage } from "@/lib/transcripts/types";
import { createComposoJudge } from "./judge";

interface ComposoBody {
  messages: CanonicalMessage[];
  tools: unknown[];
  evaluation_criteria: string;
}

const bodyOf = (request: RecordedRequest) => request.body as ComposoBody;
const reward = (score: number | null): ScriptedReply => ({ json: { score, explanation: "The arguments come from the user's request." } });
const binary = (passed: boolean | null): ScriptedReply => ({ json: { passed, explanation: "The tool answered without error." } });

describe("Composo judge", () => {
  let server: TestServer;
  beforeEach(async () => (server = await startTestServer()));
  afterEach(() => server.close());

  const judgeFor = () => createComposoJudge({ baseURL: `${server.url}/`, apiKey: TEST_KEY, timeoutMs: 2000 });

  it("is identified as composo", () => {
    expect(judgeFor().id).toBe("composo");
  });

  it("posts continuous criteria to /evals/reward, cut right after the judged call's assistant message (immediate)", async () => {
    server.reply(reward(0.82));
    const result = await judgeFor().evaluate(immediateInput(REWARD));

    const [request] = server.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/api/v1/evals/reward");
    expect(request.headers["api-key"]).toBe(TEST_KEY);
    expect(request.headers["content-type"]).toContain("application/json");
    const body = bodyOf(request);
    expect(body.evaluation_criteria).toBe(REWARD.text);
    expect(body.tools).toEqual(TRANSCRIPT.tools);
    expect(body.messages).toEqual(TRANSCRIPT.messages.slice(0, 3));
    expect(body.messages.at(-1)).toMatchObject({ role: "assistant", tool_calls: [{ id: "call_weather" }, { id: "call_time" }] });
    expect(body.messages.some((message) => message.role === "tool")).toBe(false);

    expect(result).toEqual({
      score: 0.82,
      passed: null,
      applicable: true,
      explanation: "The arguments come from the user's request.",
      findings: [],
      measuredBy: ["composo"],
      usage: { latencyMs: expect.any(Number) },
    });
  });

  it("posts binary criteria to /evals/binary, ending with the judged call's response (hindsight)", async () => {
    server.reply(binary(true));
    const result = await judgeFor().evaluate(hindsightInput(FAILS_IF, WEATHER_SITE));
    const [request] = server.requests;
    expect(request.path).toBe("/api/v1/evals/binary");
    const { messages } = bodyOf(request);
    const [system, user, assistant, weather, time] = TRANSCRIPT.messages;
    // The sibling's response comes first so that the judged response is the last message;
    // the assistant's follow-up and the next user turn are cut.
    expect(messages).toEqual([system, user, assistant, time, weather]);
    expect(result).toMatchObject({ score: 1, passed: true, applicable: true });
  });

  it("keeps the transcript order when the judged call is answered last", async () => {
    server.reply(binary(false));
    const result = await judgeFor().evaluate(hindsightInput(PASSES_IF, TIME_SITE));
    expect(bodyOf(server.requests[0]).messages).toEqual(TRANSCRIPT.messages.slice(0, 5));
    expect(result).toMatchObject({ score: 0, passed: false, applicable: true });
  });

  describe("score semantics", () => {
    it("continuous: Composo's score is the criterion's score, passed null", async () => {
      server.reply(reward(0.1));
      expect(await judgeFor().evaluate(immediateInput(PENALIZE))).toMatchObject({ score: 0.1, passed: null, applicable: true });
    });

    it("a null score means not applicable", async () => {
      server.reply(reward(null));
      expect(await judgeFor().evaluate(immediateInput(REWARD))).toMatchObject({ score: null, passed: null, applicable: false });
    });

    it("a null passed means not applicable", async () => {
      server.reply(binary(null));
      expect(await judgeFor().evaluate(immediateInput(PASSES_IF))).toMatchObject({ score: null, passed: null, applicable: false });
    });
  });

  describe("malformed output", () => {
    const cases: [string, ScriptedReply, RegExp][] = [
      ["a body that is not JSON", { text: "<html>502 Bad Gateway</html>" }, /not JSON/],
      ["a score outside [0, 1]", reward(4), /not \{score, explanation\}/],
      ["a missing score", { json: { explanation: "hmm" } }, /not \{score, explanation\}/],
    ];
    it.each(cases)("rejects %s with a bad_output error", async (_label, reply, expected) => {
      server.reply(reply);
      const error = await judgeFor().evaluate(immediateInput(REWARD)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(JudgeError);
      expect((error as JudgeError).kind).toBe("bad_output");
      expect((error as JudgeError).message).toMatch(expected);
    });

    it("rejects a reward answer on the binary endpoint", async () => {
      server.reply(reward(0.5));
      const error = (await judgeFor().evaluate(immediateInput(PASSES_IF)).catch((caught: unknown) => caught)) as JudgeError;
      expect(error.kind).toBe("bad_output");
    });
  });

  it("reads FastAPI-style error details", async () => {
    server.reply({ status: 422, json: { detail: [{ loc: ["body", "messages"], msg: "field required" }] } });
    const error = (await judgeFor().evaluate(immediateInput(REWARD)).catch((caught: unknown) => caught)) as JudgeError;
    expect(error.kind).toBe("bad_request");
    expect(error.message).toContain("field required");
  });
});

describeTransportContract("Composo judge", {
  makeJudge: (server, { apiKey, timeoutMs }) => createComposoJudge({ baseURL: server.url, apiKey, timeoutMs }),
  success: reward(0.5),
  errorBody: (message) => ({ detail: message }),
});
