import { describe, expect, it } from "vitest";
import { parseAgentCriterion } from "@/lib/criteria/agent-prefixes";
import { CRITERIA_LIBRARY } from "@/lib/criteria/library";
import { parseCriterion, type Criterion } from "@/lib/criteria/parse";
import { evaluateAgents } from "@/lib/judging/engine/evaluate-agents";
import { evaluateTranscripts } from "@/lib/judging/engine/evaluate-transcripts";
import { importItem } from "@/lib/transcripts/import-item";
import { createChecksJudge } from "./checks";
import { ADVERSARIAL_SHAPES } from "./test-fixtures/adversarial-text";
import { checksAgentJudge } from "./agent";

/**
 * One long argument must not stall judging: every reading of the built-in judge is linear in its
 * input. Each shape below made some reading quadratic before (a run of capitals took 39 s at
 * 200 KB); at 1 MB a quadratic reading takes minutes, a linear judge well under a second. The
 * bound is generous so that a loaded machine never fails it; speed itself is measured by
 * `npm run bench:long-input`.
 */

const SIZE = 1024 * 1024;
const BOUND_MS = 20_000;


const callCriteria: Criterion[] = CRITERIA_LIBRARY.map(({ text }) => {
  const parsed = parseCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.criterion;
});
const agentCriteria = ["Reward agents that complete the user's request", "Agent fails if it repeats a call or ignores an error"].map((text, index) => {
  const parsed = parseAgentCriterion(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return { index, criterion: parsed.criterion };
});

/** The value as an argument, and also in the request, the tool's answer and the final answer: every text the judge reads. */
function transcriptWith(value: string) {
  return {
    messages: [
      { role: "system", content: "You look up records." },
      { role: "user", content: `Find the record ${value}` },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "lookup", arguments: JSON.stringify({ query: value, id: value.slice(0, 40) }) } }] },
      { role: "tool", tool_call_id: "c1", content: JSON.stringify({ error: value }) },
      { role: "assistant", content: null, tool_calls: [{ id: "c2", type: "function", function: { name: "lookup", arguments: JSON.stringify({ query: value }) } }] },
      { role: "tool", tool_call_id: "c2", content: value },
      { role: "assistant", content: `Found it: ${value}` },
    ],
    tools: [
      {
        type: "function",
        function: {
          name: "lookup",
          description: `Look up a record. ${value.slice(0, 200)}`,
          parameters: { type: "object", properties: { query: { type: "string" }, id: { type: "string", pattern: "^[A-Za-z0-9]+$" } }, required: ["query"] },
        },
      },
    ],
  };
}

describe("the built-in judge on a 1 MB argument", () => {
  const judge = createChecksJudge();

  for (const [shape, make] of Object.entries(ADVERSARIAL_SHAPES)) {
    it(`judges ${shape} in linear time, every criterion in both views and as an agent`, async () => {
      const judgeOnce = async () => {
        const started = performance.now();
        const imported = importItem(transcriptWith(make(SIZE)), { file: "long.json" });
        if (!imported.ok) throw new Error(imported.error.message);
        const item = { name: imported.name, transcript: imported.transcript, sites: imported.sites };
        const results = await evaluateTranscripts({ items: [item], criteria: callCriteria, judge, mode: "both", timeoutMs: 0 });
        const agents = await evaluateAgents(item, 0, { criteria: agentCriteria, judge: checksAgentJudge, timeoutMs: 0 });
        return { results, agents, elapsed: performance.now() - started };
      };
      const { results, agents, elapsed } = await judgeOnce();

      expect(results).toHaveLength(2 * 2 * callCriteria.length);
      expect(results.filter((result) => result.status === "error")).toEqual([]);
      expect(agents.map((result) => result.status)).not.toContain("error");
      // Quadratic work is slow every time; a busy machine only now and then, so a slow judging is timed once more.
      const fastest = elapsed > BOUND_MS ? Math.min(elapsed, (await judgeOnce()).elapsed) : elapsed;
      expect(fastest).toBeLessThan(BOUND_MS);
    }, 120_000);
  }
});
