import { describe, expect, it } from "vitest";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import type { CanonicalTranscript } from "@/lib/transcripts/types";
import { buildHindsightView, buildImmediateView, viewFor } from "./views";

const tools: CanonicalTranscript["tools"] = [
  { type: "function", function: { name: "get_weather", description: "Weather for a city", parameters: { type: "object", properties: { city: { type: "string" } } } } },
];

// user, assistant (2 parallel calls), tool, tool, assistant answer, user, assistant (call without response)
const transcript: CanonicalTranscript = {
  metadata: {},
  tools,
  messages: [
    { role: "system", content: "You are helpful." },
    { role: "user", content: "Weather in Paris and Rome?" },
    {
      role: "assistant",
      content: "Checking both.",
      tool_calls: [
        { id: "a", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } },
        { id: "b", type: "function", function: { name: "get_weather", arguments: '{"city":"Rome"}' } },
      ],
    },
    { role: "tool", tool_call_id: "a", content: '{"temp": 21}' },
    { role: "tool", tool_call_id: "b", content: '{"temp": 25}' },
    { role: "assistant", content: "Paris 21, Rome 25." },
    { role: "user", content: "And Oslo?" },
    { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } }] },
  ],
};
const [siteA, siteB, siteC] = extractToolCallSites(transcript);

describe("immediate view", () => {
  it("holds the messages before the call, the whole assistant message and the tools", () => {
    const view = buildImmediateView(transcript, siteB);
    if (typeof view === "string") throw new Error(view);
    expect(view.mode).toBe("immediate");
    expect(view.context).toEqual(transcript.messages.slice(0, 2));
    expect(view.assistant).toBe(transcript.messages[2]);
    expect(view.assistant.tool_calls).toHaveLength(2);
    expect(view.tools).toBe(tools);
  });

  it("marks the judged call and hides its response", () => {
    const view = buildImmediateView(transcript, siteB);
    if (typeof view === "string") throw new Error(view);
    expect(view.call).toMatchObject({ callId: "b", position: 1, toolName: "get_weather", arguments: { ok: true, value: { city: "Rome" } } });
    expect(view.call).not.toHaveProperty("response");
    expect(view.call).not.toHaveProperty("responseIndex");
    expect(JSON.stringify(view)).not.toContain("25");
  });

  it("rejects a site that does not match the transcript", () => {
    expect(buildImmediateView(transcript, { ...siteA, messageIndex: 1 })).toMatch(/not the assistant message/);
    expect(buildImmediateView(transcript, { ...siteA, position: 1 })).toMatch(/not at position/);
  });
});

describe("hindsight view", () => {
  it("adds the response and what followed up to the next user turn", () => {
    const view = buildHindsightView(transcript, siteA);
    if (typeof view === "string") throw new Error(view);
    expect(view.mode).toBe("hindsight");
    expect(view.response).toEqual({ index: 3, message: transcript.messages[3] });
    expect(view.following).toEqual(transcript.messages.slice(3, 6));
    expect(view.context).toEqual(transcript.messages.slice(0, 2));
  });

  it("is not applicable to a call without a response", () => {
    expect(buildHindsightView(transcript, siteC)).toMatch(/has no tool response, so it can only be judged immediately/);
  });
});

describe("viewFor", () => {
  it("auto picks hindsight when a response exists and immediate otherwise", () => {
    const withResponse = viewFor("auto", transcript, siteA);
    const without = viewFor("auto", transcript, siteC);
    expect(withResponse.ok && withResponse.view.mode).toBe("hindsight");
    expect(without.ok && without.view.mode).toBe("immediate");
  });

  it("honours an explicit mode", () => {
    const immediate = viewFor("immediate", transcript, siteA);
    expect(immediate.ok && immediate.view.mode).toBe("immediate");
  });

  it("reports why hindsight is impossible", () => {
    const result = viewFor("hindsight", transcript, siteC);
    expect(result).toEqual({ ok: false, reason: expect.stringContaining("no tool response") });
  });

  it("does not copy or change the transcript", () => {
    const before = JSON.stringify(transcript);
    viewFor("hindsight", transcript, siteA);
    expect(JSON.stringify(transcript)).toBe(before);
  });
});
