/**
 * Writes every JudgeResult of the checks judge on a labelled JSONL file as JSON lines, one per
 * call, mode and criterion: a reference to diff against after a change meant to be behaviour-neutral
 * (a speed-up must keep every result byte-identical).
 *
 *   npx tsx bench/research/judge-snapshot.ts <cases.jsonl> > /tmp/snapshot.jsonl
 */
import { readFileSync } from "node:fs";
import { parseCriterion } from "@/lib/criteria/parse";
import { judgeInputFor } from "@/lib/judging/engine/engine";
import { viewFor, type ViewRequest } from "@/lib/judging/engine/views";
import { createChecksJudge } from "@/lib/judging/judges/checks";
import { importItem } from "@/lib/transcripts/import-item";
import { extractToolCallSites } from "@/lib/transcripts/sites";

const CRITERIA = [
  "Reward tool calls that select appropriate tools and provide accurate parameters",
  "Tool call passes if the selected tool and every argument correctly fulfil the user's request",
];
const MODES: readonly ViewRequest[] = ["auto", "immediate", "hindsight"];

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error("usage: judge-snapshot <cases.jsonl>");
  const judge = createChecksJudge();
  const criteria = CRITERIA.map((text) => {
    const parsed = parseCriterion(text);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.criterion;
  });
  const lines = readFileSync(file, "utf8").split("\n").filter((line) => line.trim() !== "");
  const out: string[] = [];
  for (const [index, line] of lines.entries()) {
    const { labels: _l, id, pair: _p, category: _c, meta: _m, source: _s, ...visible } = JSON.parse(line) as Record<string, unknown>;
    const imported = importItem(visible, { file, line: index + 1 });
    if (!imported.ok) {
      out.push(JSON.stringify({ line: index + 1, importError: imported.error }));
      continue;
    }
    for (const site of extractToolCallSites(imported.transcript)) {
      for (const mode of MODES) {
        const view = viewFor(mode, imported.transcript, site);
        for (const [c, criterion] of criteria.entries()) {
          const result = view.ok ? await judge.evaluate(judgeInputFor(criterion, view.view)) : { notApplicable: view.reason };
          out.push(JSON.stringify({ id, call: site.callId, ordinal: site.ordinal, mode, c, result }));
        }
      }
    }
  }
  process.stdout.write(out.join("\n") + "\n");
}

void main();
