import { describe, expect, it } from "vitest";
import { parseCriterion } from "@/lib/criteria/parse";
import { judgeInputFor } from "@/lib/judging/engine/engine";
import { viewFor } from "@/lib/judging/engine/views";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import type { CanonicalTranscript } from "@/lib/transcripts/types";
import { evaluateWithChecks } from "..";
import { mapCriterion } from "../mapper";
import { parseAgentCriterion } from "@/lib/criteria/agent-prefixes";
import { importItem } from "@/lib/transcripts/import-item";
import { evaluateAgentWithChecks } from "../../agent";

const criterion = (text: string) => {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
};

function transcript(referenceText?: string): CanonicalTranscript {
  return {
  messages: [
    { role: "user", content: "Cancel reservation R1 for user u1." },
    { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_user", arguments: '{"id": "u1"}' } }] },
    { role: "tool", tool_call_id: "c1", content: '{"reservations": ["R1"]}' },
    { role: "assistant", content: null, tool_calls: [{ id: "c2", type: "function", function: { name: "cancel", arguments: '{"reservation": "R2"}' } }] },
    { role: "tool", tool_call_id: "c2", content: '{"status": "cancelled"}' },
  ],
  tools: [],
  metadata: {},
  ...(referenceText ? { referenceText } : {}),
  };
}

const REFERENCE = '{"steps": [{"calls": [{"name": "cancel", "args": {"reservation": "R1"}}]}], "match": {"free_tools": ["get_user"]}}';

function judge(text: string, subject: CanonicalTranscript, mode: "immediate" | "hindsight" = "hindsight") {
  return extractToolCallSites(subject).map((site) => {
    const view = viewFor(mode, subject, site);
    if (!view.ok) throw new Error(view.reason);
    return evaluateWithChecks(judgeInputFor(criterion(text), view.view));
  });
}

describe("reference criteria in the built-in judge", () => {
  it("maps the criteria that ask about expected calls to the reference, and a booking's reference to nothing of the kind", () => {
    for (const text of ["Tool call passes if it matches the reference", "Reward tool calls that match the expected calls", "Tool call fails if it differs from the ground truth", "Penalize tool calls that deviate from the golden set"]) {
      expect(mapCriterion(criterion(text)).topics, text).toEqual(["reference"]);
    }
    expect(mapCriterion(criterion("Penalize tool calls that invent a booking reference")).topics).not.toContain("reference");
  });

  it("fails the call that differs from its expected call, with the path, expected and actual; a free tool is not applicable", () => {
    const [read, cancel] = judge("Tool call passes if it matches the reference", transcript(REFERENCE));
    expect(read).toMatchObject({ applicable: false, passed: null });
    expect(read.explanation).toContain("free tool");
    expect(cancel).toMatchObject({ applicable: true, passed: false, measuredBy: ["reference-match"] });
    expect(cancel.findings).toEqual([expect.objectContaining({ check: "reference-match", severity: "critical", path: "reservation", evidence: expect.stringContaining("expected 'R1'; actual 'R2'") })]);
  });

  it("passes a matching call, in both modes, with the expected call it matched as evidence", () => {
    const good = transcript(REFERENCE.replace('"R1"', '"R2"'));
    for (const mode of ["immediate", "hindsight"] as const) {
      const [, cancel] = judge("Tool call passes if it matches the reference", good, mode);
      expect(cancel).toMatchObject({ applicable: true, passed: true });
      expect(cancel.explanation).toContain("Found no problem");
      expect(cancel.findings).toEqual([expect.objectContaining({ severity: "info", message: "Matches expected call 1 of step 1 of the reference." })]);
    }
  });

  it("is not applicable to a transcript without a reference, and says how to measure it", () => {
    const [, cancel] = judge("Tool call passes if it matches the reference", transcript());
    expect(cancel).toMatchObject({ applicable: false, passed: null });
    expect(cancel.explanation).toContain("no reference");
  });
});

describe("agent-level reference criteria", () => {
  const agent = (text: string, subject: CanonicalTranscript) => {
    const parsed = parseAgentCriterion(text);
    if (!parsed.ok) throw new Error(parsed.message);
    return evaluateAgentWithChecks({ criterion: parsed.criterion, content: subject });
  };

  it("fails a transcript whose calls differ from the reference, passes one that performs it, and is not applicable without one", () => {
    const text = "Agent passes if its tool calls match the reference";
    const failed = agent(text, transcript(REFERENCE));
    expect(failed).toMatchObject({ applicable: true, passed: false, measuredBy: ["reference-match"] });
    expect(failed.findings.map((finding) => finding.message)).toEqual([expect.stringContaining("(wrong_value)"), expect.stringContaining("(missing_call)")]);
    expect(agent(text, transcript(REFERENCE.replace('"R1"', '"R2"')))).toMatchObject({ applicable: true, passed: true });
    expect(agent(text, transcript())).toMatchObject({ applicable: false, explanation: expect.stringContaining("no reference") });
  });

  it("agrees with the call-level verdicts on the same transcript", () => {
    for (const subject of [transcript(REFERENCE), transcript(REFERENCE.replace('"R1"', '"R2"'))]) {
      const calls = judge("Tool call passes if it matches the reference", subject);
      const whole = agent("Agent passes if its tool calls match the reference", subject);
      expect(whole.passed).toBe(calls.every((result) => result.passed !== false));
    }
  });
});

describe("importing a reference", () => {
  it("keeps the content hash whatever the reference, and warns with the path of a bad one", () => {
    const base = { messages: transcript().messages, tools: [] };
    const plain = importItem(base, { file: "a.jsonl", line: 1 });
    const referenced = importItem({ ...base, reference: JSON.parse(REFERENCE) as unknown }, { file: "a.jsonl", line: 1, text: JSON.stringify({ ...base, reference: JSON.parse(REFERENCE) as unknown }) });
    const bad = importItem({ ...base, reference: { steps: [{ calls: [{ name: "cancel", allowed: { reservation: "R1" } }] }] } }, { file: "a.jsonl", line: 1 });
    if (!plain.ok || !referenced.ok || !bad.ok) throw new Error("import failed");
    expect(referenced.hash).toBe(plain.hash);
    expect(referenced.transcript.referenceText).toContain('"free_tools":["get_user"]');
    expect(bad.transcript.referenceText).toBeUndefined();
    expect(bad.warnings.filter((warning) => warning.code === "invalid_reference")).toEqual([expect.objectContaining({ location: { path: "reference.steps[0].calls[0].allowed.reservation" } })]);
  });
});
