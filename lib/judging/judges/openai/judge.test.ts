import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { JudgeError } from "@/lib/judging/judges/llm/errors";
import { VIEW_STATEMENTS } from "@/lib/judging/judges/llm/prompt";
import {
  FAILS_IF,
  FOLLOW_UP,
  hindsightInput,
  immediateInput,
  PASSES_IF,
  PENALIZE,
  REWARD,
  TIME_RESPONSE,
  TIME_SITE,
  WEATHER_RESPONSE,
} from "@/lib/judging/judges/llm/test-fixtures";
import { startTestServer, type RecordedRequest, type ScriptedReply, type TestServer } from "@/lib/judging/judges/test-fixtures/provider-server/server";
import { describeTransportContract, TEST_KEY } from "@/lib/judging/judges/test-fixtures/provider-server/transport-contract";
import { createOpenAIJudge } from "./judge";

const MODEL = "test-model";

function completion(content: string | null, overrides: { finish_reason?: string; refusal?: string } = {}): ScriptedReply {
  return {
    json: {
      id: "chatcmpl-1",
      object: "chat.completion",
      created: 0,
      model: MODEL,
      choices: [{ index: 0, message: { role: "assistant", content, refusal: overrides.refusal ?? null }, finish_reason: overrides.finish_reason ?? "stop", logprobs: null }],
      usage: { prompt_tokens: 321, completion_tokens: 54, total_tokens: 375 },
    },
  };
}

const verdict = (fields: Record<string, unknown>) => completion(JSON.stringify({ explanation: "The city comes from the user's message.", findings: [], ...fields }));

interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format: { type: string; json_schema?: { name: string; strict: boolean; schema: { required: string[]; properties: Record<string, unknown> } } };
  temperature?: number;
}

const bodyOf = (request: RecordedRequest) => request.body as ChatBody;
const promptOf = (request: RecordedRequest) => bodyOf(request).messages.map((message) => message.content).join("\n");

describe("OpenAI-compatible judge", () => {
  let server: TestServer;
  beforeEach(async () => (server = await startTestServer()));
  afterEach(() => server.close());

  const judgeFor = (overrides: { apiKey?: string; temperature?: number } = { apiKey: TEST_KEY }) =>
    createOpenAIJudge({ baseURL: `${server.url}/v1`, model: MODEL, timeoutMs: 2000, ...overrides });

  it("is identified by its model", () => {
    expect(judgeFor().id).toBe("openai:test-model");
  });

  it("sends an immediate evaluation with a strict json_schema and without the tool's response", async () => {
    server.reply(verdict({ applicable: true, score: 0.8 }));
    const result = await judgeFor({ apiKey: TEST_KEY, temperature: 0 }).evaluate(immediateInput(REWARD));

    const [request] = server.requests;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    const body = bodyOf(request);
    expect(body.model).toBe(MODEL);
    expect(body.temperature).toBe(0);
    expect(body.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema?.strict).toBe(true);
    expect(body.response_format.json_schema?.name).toBe("record_verdict");
    expect(body.response_format.json_schema?.schema.required).toEqual(["explanation", "findings", "applicable", "score"]);

    const prompt = promptOf(request);
    expect(prompt).toContain(REWARD.text);
    expect(prompt).toContain(VIEW_STATEMENTS.immediate);
    expect(prompt).toContain("call id: call_weather");
    expect(prompt).toContain("the 1st of 2 parallel calls in message [2]");
    expect(prompt).toContain('"name":"get_time"');
    expect(prompt).toContain("Current weather for a city.");
    expect(prompt).not.toContain("light rain");
    expect(prompt).not.toContain("14:05");

    expect(result).toMatchObject({ score: 0.8, passed: null, applicable: true, measuredBy: ["openai:test-model"] });
    expect(result.usage?.inputTokens).toBe(321);
    expect(result.usage?.outputTokens).toBe(54);
    expect(result.usage?.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("shows the response and the follow-up in hindsight", async () => {
    server.reply(verdict({ applicable: true, passed: true }));
    await judgeFor().evaluate(hindsightInput(FAILS_IF, TIME_SITE));
    const prompt = promptOf(server.requests[0]);
    expect(prompt).toContain(VIEW_STATEMENTS.hindsight);
    expect(prompt).toContain("call id: call_time");
    expect(prompt).toContain("the 2nd of 2 parallel calls");
    expect(prompt).toContain(JSON.stringify(TIME_RESPONSE));
    expect(prompt).toContain(JSON.stringify(WEATHER_RESPONSE));
    expect(prompt).toContain(FOLLOW_UP);
    expect(prompt).toContain("The tool's response to the judged call is message [4]");
    expect(prompt).not.toContain("Book me a table");
    expect(bodyOf(server.requests[0]).response_format.json_schema?.schema.required).toContain("passed");
  });

  it("sends no Authorization header, and never OPENAI_API_KEY, when no key is configured", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-from-the-environment-0000");
    try {
      server.reply(verdict({ applicable: true, score: 1 }));
      await judgeFor({}).evaluate(immediateInput(REWARD));
      expect(server.requests[0].headers.authorization).toBeUndefined();
      expect(JSON.stringify(server.requests[0].headers)).not.toContain("sk-from-the-environment");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  describe("score semantics", () => {
    it("continuous criteria give a score in [0, 1] and passed null", async () => {
      server.reply(verdict({ applicable: true, score: 0.15 }));
      const result = await judgeFor().evaluate(immediateInput(PENALIZE));
      expect(result).toMatchObject({ score: 0.15, passed: null, applicable: true });
      expect(promptOf(server.requests[0])).toContain('the score is near 0 when the condition "invent argument values" holds for the call');
    });

    it("passes-if: passed true scores 1", async () => {
      server.reply(verdict({ applicable: true, passed: true }));
      expect(await judgeFor().evaluate(immediateInput(PASSES_IF))).toMatchObject({ score: 1, passed: true, applicable: true });
    });

    it("fails-if: passed false scores 0", async () => {
      server.reply(verdict({ applicable: true, passed: false, findings: [{ check: "tool-error", severity: "MAJOR", path: null, message: "The tool failed.", evidence: null }] }));
      const result = await judgeFor().evaluate(hindsightInput(FAILS_IF));
      expect(result).toMatchObject({ score: 0, passed: false, applicable: true });
      expect(result.findings).toEqual([{ check: "tool-error", severity: "major", message: "The tool failed." }]);
    });

    it("not applicable gives null score and passed", async () => {
      server.reply(verdict({ applicable: false, score: null, explanation: "The criterion is about the result, which is not known yet." }));
      expect(await judgeFor().evaluate(immediateInput(REWARD))).toMatchObject({ score: null, passed: null, applicable: false });
    });
  });

  describe("malformed output", () => {
    const cases: [string, ScriptedReply, RegExp][] = [
      ["text that is not JSON", completion("I think the call is fine, 8/10."), /not JSON/],
      ["a score outside [0, 1]", verdict({ applicable: true, score: 8 }), /outside \[0, 1\]/],
      ["an applicable verdict without a score", verdict({ applicable: true, score: null }), /no score/],
      ["a missing field", completion(JSON.stringify({ score: 0.5 })), /does not match the schema/],
      ["empty content", completion(null), /no content/],
      ["an answer cut off by the token limit", completion('{"explanation": "The', { finish_reason: "length" }), /cut off/],
      ["a refusal", completion(null, { refusal: "I can't help with that." }), /refused/],
    ];
    it.each(cases)("rejects %s with a bad_output error", async (_label, reply, message) => {
      server.reply(reply);
      const error = await judgeFor().evaluate(immediateInput(REWARD)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(JudgeError);
      expect((error as JudgeError).kind).toBe("bad_output");
      expect((error as JudgeError).message).toMatch(message);
    });

    it("accepts JSON wrapped in a Markdown fence", async () => {
      server.reply(completion('```json\n{"explanation": "Fine.", "findings": [], "applicable": true, "score": 0.9}\n```'));
      expect((await judgeFor().evaluate(immediateInput(REWARD))).score).toBe(0.9);
    });
  });

  it("falls back to json_object once when the server rejects json_schema, and remembers it", async () => {
    server.reply(
      { status: 400, json: { error: { message: "response_format type json_schema is not supported by this server", type: "invalid_request_error", param: "response_format" } } },
      verdict({ applicable: true, score: 0.7 }),
      verdict({ applicable: true, score: 0.6 }),
    );
    const judge = judgeFor();
    expect((await judge.evaluate(immediateInput(REWARD))).score).toBe(0.7);
    expect((await judge.evaluate(immediateInput(REWARD))).score).toBe(0.6);
    expect(server.requests.map((request) => bodyOf(request).response_format.type)).toEqual(["json_schema", "json_object", "json_object"]);
  });

  it("treats an exhausted quota (429 insufficient_quota) as not retryable", async () => {
    server.reply({ status: 429, json: { error: { message: "You exceeded your current quota.", type: "insufficient_quota", code: "insufficient_quota" } } });
    const error = (await judgeFor().evaluate(immediateInput(REWARD)).catch((caught: unknown) => caught)) as JudgeError;
    expect(error.kind).toBe("rate_limit");
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("quota exhausted");
  });
});

describeTransportContract("OpenAI-compatible judge", {
  makeJudge: (server, { apiKey, timeoutMs }) => createOpenAIJudge({ baseURL: `${server.url}/v1`, model: MODEL, apiKey, timeoutMs }),
  success: verdict({ applicable: true, score: 0.5 }),
  errorBody: (message) => ({ error: { message, type: "error", param: null, code: null } }),
});
