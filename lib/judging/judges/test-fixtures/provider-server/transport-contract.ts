import { inspect } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JudgeError } from "@/lib/judging/judges/llm/errors";
import { immediateInput, REWARD } from "@/lib/judging/judges/llm/test-fixtures";
import type { Judge } from "@/lib/judging/judges/types";
import { startTestServer, type ScriptedReply, type TestServer } from "./server";

/**
 * The failure behaviour every network judge shares, run against a local server that speaks
 * the judge's protocol: typed errors the engine can act on, no retries inside the judge,
 * timeouts and aborts honoured, and the API key never escaping.
 */
export interface TransportContract {
  /** The judge under test, talking to `server` with this key and per-request timeout. */
  makeJudge(server: TestServer, options: { apiKey: string; timeoutMs: number; baseURL?: string }): Judge;
  /** A successful answer to an evaluation of REWARD (continuous) in the immediate view. */
  success: ScriptedReply;
  /** The provider's error body carrying `message`. */
  errorBody(message: string): unknown;
}

export const TEST_KEY = "sk-test-SECRET-0123456789abcdef";
/** The timeout the two timeout tests set; the others give answers all the time a loaded machine needs (a 200 ms one failed a 429 test's second call under load). */
const TIMEOUT_MS = 200;
const PATIENT_MS = 10_000;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the evaluation to fail");
}

async function judgeError(promise: Promise<unknown>): Promise<JudgeError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(JudgeError);
  return error as JudgeError;
}

export function describeTransportContract(name: string, contract: TransportContract): void {
  describe(`${name}: transport failures`, () => {
    let server: TestServer;
    let judge: Judge;
    beforeEach(async () => {
      server = await startTestServer();
      judge = contract.makeJudge(server, { apiKey: TEST_KEY, timeoutMs: PATIENT_MS });
    });
    const impatient = () => contract.makeJudge(server, { apiKey: TEST_KEY, timeoutMs: TIMEOUT_MS });
    afterEach(() => server.close());

    it("raises a retryable rate_limit error with Retry-After on 429, without retrying, and the next call succeeds", async () => {
      server.reply({ status: 429, headers: { "retry-after": "2" }, json: contract.errorBody("Rate limit reached") }, contract.success);
      const error = await judgeError(judge.evaluate(immediateInput(REWARD)));
      expect(error.kind).toBe("rate_limit");
      expect(error.retryable).toBe(true);
      expect(error.retryAfterMs).toBe(2000);
      expect(error.status).toBe(429);
      expect(server.requests).toHaveLength(1);
      const result = await judge.evaluate(immediateInput(REWARD));
      expect(result.applicable).toBe(true);
      expect(server.requests).toHaveLength(2);
    });

    it("raises a retryable server error on 500, without retrying", async () => {
      server.reply({ status: 500, json: contract.errorBody("The server had an error") });
      const error = await judgeError(judge.evaluate(immediateInput(REWARD)));
      expect(error.kind).toBe("server");
      expect(error.retryable).toBe(true);
      expect(server.requests).toHaveLength(1);
    });

    it("raises a non-retryable bad_request error on 400", async () => {
      server.reply({ status: 400, json: contract.errorBody("Unknown parameter: frobnicate") });
      const error = await judgeError(judge.evaluate(immediateInput(REWARD)));
      expect(error.kind).toBe("bad_request");
      expect(error.retryable).toBe(false);
      expect(error.message).toContain("frobnicate");
    });

    it("times out within the configured timeout when the server never answers", async () => {
      server.reply({ hang: "before-headers" });
      const started = Date.now();
      const error = await judgeError(impatient().evaluate(immediateInput(REWARD)));
      const elapsed = Date.now() - started;
      expect(error.kind).toBe("timeout");
      expect(error.retryable).toBe(true);
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
    });

    it("times out when the server stalls in the middle of the body", async () => {
      server.reply({ hang: "after-headers" });
      const started = Date.now();
      const error = await judgeError(impatient().evaluate(immediateInput(REWARD)));
      expect(error.kind).toBe("timeout");
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    });

    it("keeps the API key out of an authentication error, even when the server echoes it", async () => {
      server.reply({ status: 401, json: contract.errorBody(`Incorrect API key provided: ${TEST_KEY}`) });
      const error = await judgeError(judge.evaluate(immediateInput(REWARD)));
      expect(error.kind).toBe("auth");
      expect(error.retryable).toBe(false);
      expect(error.status).toBe(401);
      for (const text of [error.message, String(error), JSON.stringify(error), error.stack ?? "", inspect(error, { depth: 10 })]) {
        expect(text).not.toContain(TEST_KEY);
        expect(text).not.toContain("SECRET-0123456789");
      }
      expect(error.message).toContain("[redacted]");
    });

    it("raises a retryable network error when nothing listens", async () => {
      const closed = await startTestServer();
      const url = closed.url;
      await closed.close();
      const unreachable = contract.makeJudge({ ...server, url }, { apiKey: TEST_KEY, timeoutMs: 2000 });
      const error = await judgeError(unreachable.evaluate(immediateInput(REWARD)));
      expect(error.kind).toBe("network");
      expect(error.retryable).toBe(true);
      expect(error.message).not.toContain(TEST_KEY);
    });

    it("stops when the caller aborts, rejecting with the abort reason rather than a JudgeError", async () => {
      server.reply({ hang: "before-headers" });
      const slowJudge = contract.makeJudge(server, { apiKey: TEST_KEY, timeoutMs: 5000 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      const started = Date.now();
      const error = await rejection(slowJudge.evaluate(immediateInput(REWARD), controller.signal));
      expect(error).not.toBeInstanceOf(JudgeError);
      expect((error as Error).name).toBe("AbortError");
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it("sends nothing when the signal is already aborted", async () => {
      const error = await rejection(judge.evaluate(immediateInput(REWARD), AbortSignal.abort()));
      expect((error as Error).name).toBe("AbortError");
      expect(server.requests).toHaveLength(0);
    });
  });
}
