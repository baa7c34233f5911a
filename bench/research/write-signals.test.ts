import { describe, expect, it } from "vitest";
import { tool, toolCall } from "@/lib/judging/judges/checks/test-fixtures/views";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import type { CanonicalMessage, CanonicalTranscript, JsonObject, ToolCallSite } from "@/lib/transcripts/types";
import { ceiling, rejected, WRITE_SIGNALS, writeContexts, type Reading } from "./write-signals";

const TOOLS = [
  tool("get_order", { order_id: { type: "string" } }, ["order_id"], "Get the details of an order."),
  tool("cancel_order", { order_id: { type: "string" }, reason: { type: "string" } }, ["order_id"], "Cancel a pending order."),
  tool("refund_payment", { order_id: { type: "string" } }, ["order_id"], "Refund an order's payment."),
];

const transcript = (messages: CanonicalMessage[]): CanonicalTranscript => ({ messages, tools: TOOLS, metadata: {} });

/** The call with this id, as the importer finds it. */
function site(of: CanonicalTranscript, id: string): ToolCallSite {
  const found = extractToolCallSites(of).find((candidate) => candidate.callId === id);
  if (!found) throw new Error(`no call ${id}`);
  return found;
}

const reads = (id: string, of: CanonicalTranscript, callId: string) => {
  const signal = WRITE_SIGNALS.find((candidate) => candidate.id === id);
  if (!signal) throw new Error(`no signal ${id}`);
  return signal.test(writeContexts(of, [site(of, callId)])[0]);
};

// An order id the user never wrote: it came from an earlier tool result. The user agrees in Spanish.
const lookedUp = transcript([
  { role: "system", content: "Confirm before any change." },
  { role: "user", content: "Please cancel my latest order, it is no longer needed." },
  { role: "assistant", content: null, tool_calls: [toolCall("c1", "get_order", { order_id: "latest" })] },
  { role: "tool", tool_call_id: "c1", content: JSON.stringify({ order_id: "#W7734", status: "pending" }) },
  { role: "assistant", content: "I will cancel order #W7734 because it is no longer needed. Shall I proceed?" },
  { role: "user", content: "Sí, adelante." },
  { role: "assistant", content: null, tool_calls: [toolCall("c2", "cancel_order", { order_id: "#W7734", reason: "no longer needed" })] },
  { role: "tool", tool_call_id: "c2", content: JSON.stringify({ error: "Order #W7734 not found" }) },
  { role: "assistant", content: "Sorry, let me try again.", tool_calls: [toolCall("c3", "cancel_order", { order_id: "#w7734", reason: "no longer needed" })] },
  { role: "tool", tool_call_id: "c3", content: JSON.stringify({ status: "cancelled" }) },
  { role: "user", content: "No, that is not what I asked." },
]);

describe("values-in-conversation", () => {
  it("traces strings and numbers of three characters or more, at any depth; flags, small counts and short codes are not traced", () => {
    const call = (args: JsonObject) =>
      transcript([{ role: "user", content: "Cancel order #W7734 for 120.5 dollars" }, { role: "assistant", content: null, tool_calls: [toolCall("v", "cancel_order", args)] }]);
    expect(reads("values-in-conversation", call({ order_id: "#W7734", flag: true, n: 2, items: [{ sku: "AB" }], amount: 120.5 }), "v")).toBe(true);
    expect(reads("values-in-conversation", call({ order_id: "#W7734", items: [{ sku: "Abc-9" }] }), "v")).toBe(false);
  });
});

describe("rejected", () => {
  it("reads the response as the judge does: a JSON error or a plain-text refusal, not a success or no response", () => {
    expect(rejected(site(lookedUp, "c2"))).toBe(true);
    expect(rejected(site(lookedUp, "c3"))).toBe(false);
    const unanswered = transcript([{ role: "user", content: "cancel #W1" }, { role: "assistant", content: null, tool_calls: [toolCall("x", "cancel_order", { order_id: "#W1" })] }]);
    expect(rejected(site(unanswered, "x"))).toBe(false);
    const plain = transcript([...unanswered.messages, { role: "tool", tool_call_id: "x", content: "Error: order is already delivered" }]);
    expect(rejected(site(plain, "x"))).toBe(true);
  });
});

describe("the readings", () => {
  it("finds a value given by an earlier tool result, in any letter case", () => {
    expect(reads("values-in-conversation", lookedUp, "c2")).toBe(true);
    expect(reads("values-in-conversation", lookedUp, "c3")).toBe(true);
    expect(reads("values-from-others", lookedUp, "c2")).toBe(true);
  });

  it("tells a value only the agent wrote from one another message gave", () => {
    // Without the lookup's result, the order id is the agent's own: in its messages only.
    const own = transcript(lookedUp.messages.map((message) => (message.role === "tool" && message.tool_call_id === "c1" ? { ...message, content: "{}" } : message)));
    expect(reads("values-in-conversation", own, "c2")).toBe(true);
    expect(reads("values-from-others", own, "c2")).toBe(false);
  });

  it("reads the user's agreement in another language", () => {
    expect(reads("user-confirmed", lookedUp, "c2")).toBe(true);
  });

  it("sees the later calls: the same tool again, a change on the same value, an apology, the user's objection", () => {
    expect(reads("same-tool-later", lookedUp, "c2")).toBe(true);
    expect(reads("same-tool-later", lookedUp, "c3")).toBe(false);
    expect(reads("later-change-same-value", lookedUp, "c2")).toBe(true);
    expect(reads("agent-apologises-later", lookedUp, "c2")).toBe(true);
    expect(reads("agent-apologises-later", lookedUp, "c3")).toBe(false);
    expect(reads("user-objects-next", lookedUp, "c3")).toBe(true);
    expect(reads("first-change", lookedUp, "c2")).toBe(true);
    expect(reads("first-change", lookedUp, "c3")).toBe(false);
  });

  it("counts a later read of the same value as no change, and a parallel change before the call as an earlier one", () => {
    const parallel = transcript([
      { role: "user", content: "Cancel order #W1 and refund it." },
      { role: "assistant", content: null, tool_calls: [toolCall("p1", "refund_payment", { order_id: "#W1" }), toolCall("p2", "cancel_order", { order_id: "#W1" }), toolCall("p3", "get_order", { order_id: "#W1" })] },
      { role: "tool", tool_call_id: "p1", content: "{}" },
      { role: "tool", tool_call_id: "p2", content: "{}" },
      { role: "tool", tool_call_id: "p3", content: "{}" },
    ]);
    expect(reads("first-change", parallel, "p1")).toBe(true);
    expect(reads("first-change", parallel, "p2")).toBe(false);
    expect(reads("later-change-same-value", parallel, "p1")).toBe(true);
    expect(reads("later-change-same-value", parallel, "p2")).toBe(false);
  });
});

describe("ceiling", () => {
  const reading = (right: boolean, bits: boolean[]): Reading => ({ right, rejected: bits[0], signals: bits.slice(1), category: "c" });
  const all = (entry: Reading) => [entry.rejected, ...entry.signals];

  it("reaches 1 when the readings separate right from wrong, and 0.5 when they say nothing", () => {
    expect(ceiling([reading(true, [false]), reading(false, [true])], all).balanced).toBe(1);
    expect(ceiling([reading(true, [false]), reading(false, [false]), reading(false, [false])], all).balanced).toBe(0.5);
  });

  it("has no figure when every write is right, or every one wrong", () => {
    expect(ceiling([reading(true, [false]), reading(true, [true])], all).balanced).toBeNaN();
    expect(ceiling([reading(false, [true])], all).balanced).toBeNaN();
  });

  it("gives each combination the verdict that serves balanced accuracy, weighing right and wrong writes alike", () => {
    // 4 right writes, 2 wrong. Combination 01: 1 right and 1 wrong, a larger share of the wrong
    // writes (1/2) than of the right ones (1/4): failed. Balanced: (3/4 + 2/2) / 2.
    const readings = [reading(true, [false, false]), reading(true, [false, false]), reading(true, [false, false]), reading(true, [false, true]), reading(false, [false, true]), reading(false, [true, false])];
    expect(ceiling(readings, all)).toEqual({ balanced: (3 / 4 + 1) / 2, cells: 3 });
    expect(ceiling(readings, (entry) => [entry.rejected]).balanced).toBeCloseTo((1 + 1 / 2) / 2);
  });
});
