import { describe, expect, it } from "vitest";
import type { CanonicalMessage, CanonicalTool } from "@/lib/transcripts/types";
import { repeatLabels } from "./repeat-labels";

const tools: CanonicalTool[] = [
  { type: "function", function: { name: "get_order", description: "Get an order.", parameters: { type: "object", properties: { id: { type: "string" } } } } },
  { type: "function", function: { name: "cancel_order", description: "Cancel an order.", parameters: { type: "object", properties: { id: { type: "string" } } } } },
];
const call = (id: string, name: string, args: object): CanonicalMessage => ({ role: "assistant", content: null, tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }] });
const answer = (id: string, content: string): CanonicalMessage => ({ role: "tool", tool_call_id: id, content });
const labels = (...messages: CanonicalMessage[]) => repeatLabels({ messages: [{ role: "user", content: "Order A1?" }, ...messages], tools, metadata: {} });

describe("repeatLabels", () => {
  it("labels a read made again after the tool answered it, whatever the key order", () => {
    expect(labels(call("1", "get_order", { id: "A1" }), answer("1", '{"status": "ok"}'), { role: "user", content: "And?" }, call("2", "get_order", { id: "A1" }))).toEqual([false, true]);
  });

  it("does not label a read after an answered change, after an error, or with other arguments", () => {
    expect(labels(call("1", "get_order", { id: "A1" }), answer("1", "{}"), call("2", "cancel_order", { id: "A1" }), answer("2", '{"status": "cancelled"}'), call("3", "get_order", { id: "A1" }))).toEqual([false, false, false]);
    expect(labels(call("1", "get_order", { id: "A1" }), answer("1", "Error: not found"), call("2", "get_order", { id: "A1" }))).toEqual([false, false]);
    expect(labels(call("1", "get_order", { id: "A1" }), answer("1", "{}"), call("2", "get_order", { id: "B2" }))).toEqual([false, false]);
  });

  it("never labels a change", () => {
    expect(labels(call("1", "cancel_order", { id: "A1" }), answer("1", "{}"), call("2", "cancel_order", { id: "A1" }))).toEqual([false, false]);
  });
});
