import { describe, expect, it } from "vitest";
import { callKey, pairResponses } from "./pair-responses";
import type { CanonicalMessage } from "./types";

const call = (id: string) => ({ id, type: "function" as const, function: { name: "f", arguments: "{}" } });
const assistant = (...ids: string[]): CanonicalMessage => ({ role: "assistant", content: null, tool_calls: ids.map(call) });
const tool = (id: string): CanonicalMessage => ({ role: "tool", tool_call_id: id, content: id });
const user: CanonicalMessage = { role: "user", content: "go" };

describe("pairResponses", () => {
  it("pairs a response with the nearest earlier unanswered call of its id", () => {
    // Turn 1's call_1 is never answered; turn 2 reuses the id and gets the response.
    const pairing = pairResponses([user, assistant("call_1"), user, assistant("call_1"), tool("call_1")]);
    expect(pairing.responseOf.get(callKey(3, 0))).toBe(4);
    expect(pairing.responseOf.has(callKey(1, 0))).toBe(false);
    expect(pairing.reusedIds).toEqual(new Set(["call_1"]));
  });

  it("answers parallel calls of one id in order", () => {
    const pairing = pairResponses([user, assistant("x", "x"), tool("x"), tool("x")]);
    expect(pairing.callOf.get(2)).toEqual({ messageIndex: 1, position: 0 });
    expect(pairing.callOf.get(3)).toEqual({ messageIndex: 1, position: 1 });
    expect(pairing.unmatched).toEqual([]);
  });

  it("never pairs a response with a call made after it", () => {
    const pairing = pairResponses([user, tool("b"), assistant("b")]);
    expect(pairing.unmatched).toEqual([1]);
    expect(pairing.responseOf.size).toBe(0);
  });

  it("leaves a second answer to an answered call unmatched", () => {
    const pairing = pairResponses([user, assistant("a"), tool("a"), tool("a")]);
    expect(pairing.unmatched).toEqual([3]);
  });
});
