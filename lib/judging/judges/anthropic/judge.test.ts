import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JudgeError } from "@/lib/judging/judges/llm/errors";
import { VIEW_STATEMENTS } from "@/lib/judging/judges/llm/prompt";
import { FAILS_IF, FOLLOW_UP, hindsightInput, immediateInput, PASSES_IF, PENALIZE, REWARD, WEATHER_RESPONSE } from "@/lib/judging/judges/llm/test-fixtures";
import { startTestServer, type RecordedRequest, type ScriptedReply, type TestServer } from "@/lib/judging/judges/test-fixtures/provider-server/server";
import { describeTransportContract, TEST_KEY } from "@/lib/judging/judges/test-fixtures/provider-server/transport-contract";
import { createAnthropicJudge } from "./judge";

const MODEL = "claude-test";

type Block = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: unknown };

function message(content: Block[], stopReason = "tool_use"): ScriptedReply {
  return {
    json: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: MODEL,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 410, output_tokens: 62 },
    },
  };
}

const verdict = (fields: Record<string, unknown>) =>
  message([{ type: "tool_use", id: "toolu_1", name: "record_verdict", input: { explanation: "The city comes from the user's message.", findings: [], ...fields } }]);

interface MessagesBody {
  model: string;
  max_tokens: number;
  system: string;
  messages: { role: string; content: string }[];
  tools: { name: string; input_schema: { type: string; required: string[] } }[];
  tool_choice: { type: string; name: string };
}

const bodyOf = (request: RecordedRequest) => request.body as MessagesBody;

describe("Anthropic judge", () => {
  let server: TestServer;
  beforeEach(async () => (server = await startTestServer()));
  afterEach(() => server.close());

  const judgeFor = () => createAnthropicJudge({ baseURL: server.url, model: MODEL, apiKey: TEST_KEY, timeoutMs: 2000 });

  it("is identified by its model", () => {
    expect(judgeFor().id).toBe("anthropic:claude-test");
  });

  it("forces the record_verdict tool and sends the immediate view without the tool's response", async () => {
    server.reply(verdict({ applicable: true, score: 0.75 }));
    const result = await judgeFor().evaluate(immediateInput(REWARD));

    const [request] = server.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/messages");
    // SDK 1.x sends the API key as a bearer token (older versions used x-api-key).
    expect(request.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(request.headers["anthropic-version"]).toBeTruthy();
    const body = bodyOf(request);
    expect(body.model).toBe(MODEL);
    expect(body.max_tokens).toBeGreaterThan(0);
    expect(body.tools).toHaveLength(1);
    expect(body.tools[0].name).toBe("record_verdict");
    expect(body.tools[0].input_schema.type).toBe("object");
    expect(body.tools[0].input_schema.required).toEqual(["explanation", "findings", "applicable", "score"]);
    expect(body.tool_choice).toEqual({ type: "tool", name: "record_verdict" });
    expect(body.system).toContain("Penalize tool calls");
    expect(body.messages).toHaveLength(1);
    const prompt = body.messages[0].content;
    expect(prompt).toContain(VIEW_STATEMENTS.immediate);
    expect(prompt).toContain("call id: call_weather");
    expect(prompt).toContain(REWARD.text);
    expect(prompt).not.toContain("light rain");

    expect(result).toMatchObject({ score: 0.75, passed: null, applicable: true, measuredBy: ["anthropic:claude-test"] });
    expect(result.usage).toMatchObject({ inputTokens: 410, outputTokens: 62 });
    expect(result.usage?.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("sends the response and follow-up in hindsight, with the binary schema", async () => {
    server.reply(verdict({ applicable: true, passed: true }));
    await judgeFor().evaluate(hindsightInput(FAILS_IF));
    const body = bodyOf(server.requests[0]);
    expect(body.messages[0].content).toContain(VIEW_STATEMENTS.hindsight);
    expect(body.messages[0].content).toContain(JSON.stringify(WEATHER_RESPONSE));
    expect(body.messages[0].content).toContain(FOLLOW_UP);
    expect(body.tools[0].input_schema.required).toEqual(["explanation", "findings", "applicable", "passed"]);
  });

  describe("score semantics", () => {
    it("continuous: score kept, passed null", async () => {
      server.reply(verdict({ applicable: true, score: 0.1 }));
      expect(await judgeFor().evaluate(immediateInput(PENALIZE))).toMatchObject({ score: 0.1, passed: null, applicable: true });
    });

    it("binary: passed true scores 1, passed false scores 0", async () => {
      server.reply(verdict({ applicable: true, passed: true }), verdict({ applicable: true, passed: false }));
      expect(await judgeFor().evaluate(immediateInput(PASSES_IF))).toMatchObject({ score: 1, passed: true, applicable: true });
      expect(await judgeFor().evaluate(hindsightInput(FAILS_IF))).toMatchObject({ score: 0, passed: false, applicable: true });
    });

    it("not applicable: null score and passed", async () => {
      server.reply(verdict({ applicable: false, passed: null }));
      expect(await judgeFor().evaluate(immediateInput(FAILS_IF))).toMatchObject({ score: null, passed: null, applicable: false });
    });
  });

  describe("malformed output", () => {
    const cases: [string, ScriptedReply, RegExp][] = [
      ["text instead of the tool call", message([{ type: "text", text: "The call looks fine." }], "end_turn"), /did not call record_verdict/],
      ["a tool input that breaks the schema", verdict({ applicable: "yes", score: 0.5 }), /does not match the schema/],
      ["a score outside [0, 1]", verdict({ applicable: true, score: -0.2 }), /outside \[0, 1\]/],
      ["an answer cut off by max_tokens", message([], "max_tokens"), /cut off/],
    ];
    it.each(cases)("rejects %s with a bad_output error", async (_label, reply, expected) => {
      server.reply(reply);
      const error = await judgeFor().evaluate(immediateInput(REWARD)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(JudgeError);
      expect((error as JudgeError).kind).toBe("bad_output");
      expect((error as JudgeError).message).toMatch(expected);
    });
  });

  it("treats 529 overloaded as a retryable server error", async () => {
    server.reply({ status: 529, json: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } } });
    const error = (await judgeFor().evaluate(immediateInput(REWARD)).catch((caught: unknown) => caught)) as JudgeError;
    expect(error.kind).toBe("server");
    expect(error.retryable).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
});

describeTransportContract("Anthropic judge", {
  makeJudge: (server, { apiKey, timeoutMs }) => createAnthropicJudge({ baseURL: server.url, model: MODEL, apiKey, timeoutMs }),
  success: verdict({ applicable: true, score: 0.5 }),
  errorBody: (text) => ({ type: "error", error: { type: "api_error", message: text } }),
});
