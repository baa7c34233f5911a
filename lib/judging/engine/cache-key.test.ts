import { describe, expect, it } from "vitest";
import { CHECKS_JUDGE_VERSION, checksJudge } from "@/lib/judging/judges/checks";
import { CACHE_KEY_VERSION, cacheKey, canonicalJson, judgeVersionFor, resultSettings, viewDigest } from "./cache-key";

const view = { mode: "immediate", call: { toolName: "get_weather", arguments: { ok: true, value: { city: "Paris", days: 3 } } }, context: [] };

describe("canonicalJson", () => {
  it("sorts keys at every depth and drops undefined properties", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: undefined, x: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":2,"z":1}]},"b":1}');
  });

  it("writes what JSON.stringify writes for non-finite numbers and undefined array items", () => {
    expect(canonicalJson([Number.NaN, undefined, Infinity, "s"])).toBe('[null,null,null,"s"]');
  });
});

describe("cacheKey", () => {
  const base = { judgeId: "openai:gpt-4.1-mini", settings: { model: "gpt-4.1-mini", temperature: 0 }, criterionText: "Reward tool calls that use the right tool", view };

  it("is a sha256 hex digest that ignores key order", () => {
    const reordered = { ...base, settings: { temperature: 0, model: "gpt-4.1-mini" }, view: { context: [], call: view.call, mode: "immediate" } };
    expect(cacheKey(base)).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheKey(reordered)).toBe(cacheKey(base));
  });

  it("changes with the judge, its result-changing settings, the criterion and the view", () => {
    const key = cacheKey(base);
    expect(cacheKey({ ...base, judgeId: "checks" })).not.toBe(key);
    expect(cacheKey({ ...base, settings: { ...base.settings, temperature: 0.7 } })).not.toBe(key);
    expect(cacheKey({ ...base, settings: { ...base.settings, maxTokens: 512 } })).not.toBe(key);
    expect(cacheKey({ ...base, criterionText: "Penalize tool calls that use the wrong tool" })).not.toBe(key);
    const otherView = { ...view, call: { ...view.call, arguments: { ok: true, value: { city: "Lyon", days: 3 } } } };
    expect(cacheKey({ ...base, view: otherView })).not.toBe(key);
  });

  it("never depends on secrets, so rotating a key keeps the cache", () => {
    const withSecrets = { ...base, settings: { ...base.settings, apiKey: "sk-1", api_key: "sk-2", "x-api-key": "k", accessToken: "t", headers: { Authorization: "Bearer x" } } };
    expect(cacheKey(withSecrets)).toBe(cacheKey(base));
    expect(resultSettings(withSecrets.settings)).toEqual({ model: "gpt-4.1-mini", temperature: 0 });
  });

  it("ignores transport settings such as timeouts and SDK retries", () => {
    expect(cacheKey({ ...base, settings: { ...base.settings, timeoutMs: 5000, maxRetries: 2 } })).toBe(cacheKey(base));
  });

  it("treats surrounding whitespace of the criterion as insignificant", () => {
    expect(cacheKey({ ...base, criterionText: `  ${base.criterionText}\n` })).toBe(cacheKey(base));
  });

  it("changes with the judge's version, so an upgraded judge does not reuse stale results", () => {
    const checks = { ...base, judgeId: checksJudge.id, settings: { type: "checks" } };
    expect(cacheKey({ ...checks, judgeVersion: "1" })).not.toBe(cacheKey({ ...checks, judgeVersion: "2" }));
    expect(cacheKey({ ...checks, judgeVersion: "2" })).toBe(cacheKey({ ...checks, judgeVersion: "2" }));
  });

  it("includes the built-in judge's own version even when the caller does not pass it", () => {
    const checks = { ...base, judgeId: checksJudge.id, settings: { type: "checks" } };
    expect(checksJudge.version).toBe(CHECKS_JUDGE_VERSION);
    expect(judgeVersionFor(checksJudge.id)).toBe(CHECKS_JUDGE_VERSION);
    expect(cacheKey(checks)).toBe(cacheKey({ ...checks, judgeVersion: CHECKS_JUDGE_VERSION }));
    expect(cacheKey(checks)).not.toBe(cacheKey({ ...checks, judgeVersion: `${CHECKS_JUDGE_VERSION}-next` }));
    // A network judge has no code version of its own: its model and settings version it.
    expect(judgeVersionFor(base.judgeId)).toBeNull();
  });
});

describe("cacheKey's recipe", () => {
  it("is the sha256 of the canonical array of its parts and the view's digest, a view hashed once and reused", async () => {
    const { createHash } = await import("node:crypto");
    const view = { mode: "immediate", call: { name: "x", args: { b: 1, a: [1, 2] } } };
    const input = { judgeId: "openai:gpt", settings: { temperature: 0, apiKey: "s" }, criterionText: " Reward tool calls that work ", view };
    const digest = createHash("sha256").update(canonicalJson(view)).digest("hex");
    expect(viewDigest(view)).toBe(digest);
    const expected = createHash("sha256").update(canonicalJson([CACHE_KEY_VERSION, "openai:gpt", null, { temperature: 0 }, "Reward tool calls that work", digest])).digest("hex");
    expect(cacheKey(input)).toBe(expected);
    expect(cacheKey({ ...input, criterionText: "Penalize tool calls that fail" })).not.toBe(expected);
    expect(cacheKey(input)).toBe(expected);
  });

  it("gives the same key when a view's messages and tools are objects shared with other views", () => {
    const tools = [{ type: "function", function: { name: "lookup", parameters: { type: "object" } } }];
    const messages = [{ role: "user", content: "hi" }, { role: "assistant", content: null, tool_calls: [{ id: "a", z: 1, b: 2 }] }, { role: "tool", content: "ok" }];
    const first = { mode: "immediate", context: messages.slice(0, 1), assistant: messages[1], tools };
    const second = { mode: "hindsight", context: messages.slice(0, 1), assistant: messages[1], tools, following: messages.slice(2) };
    const input = { judgeId: "checks", criterionText: "Reward tool calls that work" };
    const keyOf = (view: unknown) => cacheKey({ ...input, view });
    // Serialised afresh (deep copies share nothing) versus through objects already seen in another view.
    const fresh = [first, second].map((view) => keyOf(structuredClone(view)));
    expect([keyOf(first), keyOf(second)]).toEqual(fresh);
    expect(keyOf({ ...second, following: [{ role: "tool", content: "changed" }] })).not.toBe(fresh[1]);
  });
});
