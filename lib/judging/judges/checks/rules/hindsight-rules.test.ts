import { describe, expect, it } from "vitest";
import type { CanonicalMessage } from "@/lib/transcripts/types";
import { hindsight, hitsOf, immediate, tool, toolCall } from "../test-fixtures/views";
import { futileRetry } from "./futile-retry";
import { ignoredResult } from "./ignored-result";
import { orphans } from "./orphans";
import { prematureValue } from "./premature-value";
import { toolError } from "./tool-error";

const lookup = tool("get_order", { order_id: { type: "string" } });
const call = (args: object) => [toolCall("c1", "get_order", JSON.stringify(args))];
const answer = (content: string): CanonicalMessage => ({ role: "assistant", content });

describe("tool-error", () => {
  it.each([
    ['{"error": "Order not found"}'],
    ['{"success": false}'],
    ['{"status": "error", "message": "payment method not found"}'],
    ['{"result": {"error": "No such file or directory"}}'],
    ['{"detail": "Not Found"}'],
    ["Traceback (most recent call last): KeyError"],
    ["Error: the reservation cannot be modified"],
    ["Error during execution: cd: no such directory: docs"],
  ])("flags a rejection %j, which also counts against the call's tool and arguments", (response) => {
    const [hit] = hitsOf(toolError, hindsight({ user: "Order A1?", tools: [lookup], calls: call({ order_id: "A1" }), response }));
    expect(hit).toMatchObject({ severity: "major", message: "The tool rejected the call." });
    expect(hit.topics).toBeUndefined();
  });

  it.each([['{"status": 503}'], ['{"error": "Request timed out"}'], ["429 Too Many Requests"], ["Internal Server Error"]])("flags a transient failure %j as an error only", (response) => {
    const [hit] = hitsOf(toolError, hindsight({ user: "Order A1?", tools: [lookup], calls: call({ order_id: "A1" }), response }));
    expect(hit).toMatchObject({ severity: "major", topics: ["errors"] });
  });

  it.each([
    ['{"status": "delivered", "items": [{"name": "invalid cable", "note": "not found in stock last week"}]}'],
    ["Here is the file content:\nline 1: the parser could not handle the old format, so we rewrote it.\n" + "More text. ".repeat(40)],
    ["Order A1 is on its way."],
  ])("does not read data that mentions failure as an error: %j", (response) => {
    expect(hitsOf(toolError, hindsight({ user: "Order A1?", tools: [lookup], calls: call({ order_id: "A1" }), response }))).toEqual([]);
  });

  it("flags an empty result as minor", () => {
    expect(hitsOf(toolError, hindsight({ user: "Orders?", tools: [lookup], calls: call({}), response: '{"results": []}' }))[0].severity).toBe("minor");
  });

  it("accepts a result and never runs before the response", () => {
    expect(hitsOf(toolError, hindsight({ user: "Order A1?", tools: [lookup], calls: call({ order_id: "A1" }), response: '{"status": "shipped", "error": null}' }))).toEqual([]);
    expect(hitsOf(toolError, immediate({ user: "Order A1?", tools: [lookup], calls: call({ order_id: "A1" }) }))).toEqual([]);
  });
});

describe("futile-retry", () => {
  const failed: CanonicalMessage[] = [
    { role: "user", content: "Order A1?" },
    { role: "assistant", content: null, tool_calls: [toolCall("c0", "get_order", { order_id: "A1" })] },
    { role: "tool", tool_call_id: "c0", content: '{"error": "order not found"}' },
  ];

  it("flags the same call repeated after the tool rejected it", () => {
    const [hit] = hitsOf(futileRetry, immediate({ context: failed, tools: [lookup], calls: [toolCall("c1", "get_order", '{ "order_id" : "A1" }')] }));
    expect(hit).toMatchObject({ severity: "major", evidence: expect.stringContaining("not found") });
  });

  it("accepts a retry after a transient failure", () => {
    const timedOut = [...failed.slice(0, 2), { role: "tool" as const, tool_call_id: "c0", content: '{"error": "timeout"}' }];
    expect(hitsOf(futileRetry, immediate({ context: timedOut, tools: [lookup], calls: [toolCall("c1", "get_order", { order_id: "A1" })] }))).toEqual([]);
  });

  it("finds the failed response of an earlier call whose id the agent reused", () => {
    const reused: CanonicalMessage[] = [
      { role: "user", content: "Order A1?" },
      { role: "assistant", content: null, tool_calls: [toolCall("call_1", "get_order", { order_id: "B2" })] },
      { role: "tool", tool_call_id: "call_1", content: '{"status": "shipped"}' },
      { role: "assistant", content: null, tool_calls: [toolCall("call_1", "get_order", { order_id: "A1" })] },
      { role: "tool", tool_call_id: "call_1", content: '{"error": "order not found"}' },
    ];
    expect(hitsOf(futileRetry, immediate({ context: reused, tools: [lookup], calls: [toolCall("call_1", "get_order", { order_id: "A1" })] }))).toHaveLength(1);
  });

  it("accepts a retry with changed arguments or after a success", () => {
    expect(hitsOf(futileRetry, immediate({ context: failed, tools: [lookup], calls: [toolCall("c1", "get_order", { order_id: "A-1" })] }))).toEqual([]);
    const succeeded = [...failed.slice(0, 2), { role: "tool" as const, tool_call_id: "c0", content: '{"status": "shipped"}' }];
    expect(hitsOf(futileRetry, immediate({ context: succeeded, tools: [lookup], calls: [toolCall("c1", "get_order", { order_id: "A1" })] }))).toEqual([]);
  });
});

describe("ignored-result", () => {
  const view = (response: string, reply: string) => hindsight({ user: "Where is order A1?", tools: [lookup], calls: call({ order_id: "A1" }), response, following: [answer(reply)] });

  it("notes, without a verdict, an answer that repeats nothing of the result", () => {
    const [hit] = hitsOf(ignoredResult, view('{"status": "shipped", "carrier": "Fedex", "eta": "2024-05-03"}', "I have checked your order."));
    expect(hit).toMatchObject({ severity: "info", penalty: 0, message: expect.stringContaining("needs an LLM judge") });
  });

  it("does not take text beside the next calls for the answer", () => {
    const narrated = hindsight({
      user: "Which of my orders has shipped?",
      tools: [lookup],
      calls: call({ order_id: "A1" }),
      response: '{"status": "pending", "carrier": "Fedex", "eta": "2024-05-03"}',
      following: [
        { role: "assistant", content: "Let me check the next order.", tool_calls: [toolCall("c2", "get_order", { order_id: "A2" })] },
        { role: "tool", tool_call_id: "c2", content: '{"status": "shipped"}' },
        { role: "assistant", content: "Order A2 has shipped." },
      ],
    });
    expect(hitsOf(ignoredResult, narrated)).toEqual([]);
  });

  it("takes 'not allowed' in the answer as owning up to the error", () => {
    expect(hitsOf(ignoredResult, view('{"error": "the new item must differ from the old one"}', "Here is what happened: swapping an item for itself is not allowed."))).toEqual([]);
  });

  it("flags success claimed after an error, and failure claimed after a result", () => {
    expect(hitsOf(ignoredResult, view('{"error": "not found"}', "Done! Here is your order."))[0].message).toContain("claims success");
    expect(hitsOf(ignoredResult, view('{"status": "shipped", "carrier": "Fedex"}', "Sorry, the system returned an error."))[0].message).toContain("says the tool failed");
  });

  it("does not read a supposed error ('if you believe this is an error') as saying the tool failed", () => {
    expect(hitsOf(ignoredResult, view('{"status": "shipped", "carrier": "Fedex"}', "Your order shipped with Fedex. If you believe this is an error, let me know."))).toEqual([]);
  });

  it("does not call a truthful report that nothing matched a claimed failure", () => {
    const [hit] = hitsOf(ignoredResult, view('{"status": "shipped", "carrier": "Fedex"}', "Sorry, I could not find any order matching that date."));
    expect(hit?.message ?? "").not.toContain("failed");
  });

  it("lets a success claim refer to a later call that set the rejected one right", () => {
    const fixed = hindsight({
      user: "Order?",
      tools: [lookup],
      calls: call({}),
      response: '{"error": "order_id is required"}',
      following: [
        { role: "assistant", content: null, tool_calls: [toolCall("c2", "get_order", { order_id: "A1" })] },
        { role: "tool", tool_call_id: "c2", content: '{"status": "shipped"}' },
        { role: "assistant", content: "Done! Your order has shipped." },
      ],
    });
    expect(hitsOf(ignoredResult, fixed)).toEqual([]);
  });

  it("accepts an answer built on the result, or no answer yet", () => {
    expect(hitsOf(ignoredResult, view('{"status": "shipped", "carrier": "Fedex"}', "Your order has shipped with Fedex."))).toEqual([]);
    expect(hitsOf(ignoredResult, hindsight({ user: "Order?", tools: [lookup], calls: call({}), response: '{"status": "shipped"}' }))).toEqual([]);
  });
});

describe("value-before-it-exists", () => {
  it("flags an id that only a later tool result reveals", () => {
    const calls = [toolCall("c1", "create_order", { item: "book" }), toolCall("c2", "get_order", { order_id: "ORD-7781" })];
    const view = hindsight({
      user: "Order a book and tell me its status",
      tools: [lookup, tool("create_order", { item: { type: "string" } })],
      calls,
      judged: 1,
      response: '{"status": "pending"}',
      following: [{ role: "tool", tool_call_id: "c1", content: '{"order_id": "ORD-7781"}' }],
    });
    expect(hitsOf(prematureValue, view)[0]).toMatchObject({ path: "order_id", message: expect.stringContaining("first appears in a later tool result") });
  });

  it("accepts an id known before the call", () => {
    const view = hindsight({ user: "Status of ORD-7781?", tools: [lookup], calls: call({ order_id: "ORD-7781" }), response: '{"order_id": "ORD-7781"}' });
    expect(hitsOf(prematureValue, view)).toEqual([]);
  });
});

describe("orphan-call-or-response", () => {
  it("flags a response to no call and a call the assistant never waited for", () => {
    const context: CanonicalMessage[] = [
      { role: "user", content: "Order A1?" },
      { role: "tool", tool_call_id: "ghost", content: "{}" },
      { role: "assistant", content: null, tool_calls: [toolCall("c0", "get_order", { order_id: "A1" })] },
      { role: "assistant", content: "Let me look again." },
    ];
    const hits = hitsOf(orphans, immediate({ context, tools: [lookup], calls: call({ order_id: "A1" }) }));
    expect(hits.map((hit) => hit.message)).toEqual([expect.stringContaining('"ghost"'), expect.stringContaining('"c0" never received a response')]);
  });

  it("accepts a well-formed exchange", () => {
    expect(hitsOf(orphans, hindsight({ user: "Order A1?", tools: [lookup], calls: call({ order_id: "A1" }), response: "{}" }))).toEqual([]);
  });
});
