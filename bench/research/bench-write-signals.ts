/**
 * Whether anything a rule can read tells a right write from a wrong one in real agent transcripts
 * (issue 11: the built-in judge passes most wrong writes of the tau2 sets):
 *
 *   npx tsx bench/research/bench-write-signals.ts --cases bench/tau2/data/tau2-writes.jsonl [--cases <other writes set>…]
 *
 * For every labelled call of a writes set (bench/tau2/README.md: a state-changing call labelled
 * by whether it matches the task's ground-truth action), the readings of bench/research/write-signals.ts
 * and whether the tool rejected the call. Printed per set: how often each reading holds among the
 * right writes, the wrong writes the tool rejected and the wrong writes it accepted; and the best
 * balanced accuracy that any verdict computed from the readings could reach, chosen on the very
 * writes it is measured on (an optimistic bound), with the rejection alone and with every reading.
 */
import { readFileSync } from "node:fs";
import { describeImportError } from "@/lib/transcripts/import-error-text";
import { importItem } from "@/lib/transcripts/import-item";
import { extractToolCallSites } from "@/lib/transcripts/sites";
import { ceiling, rejected, WRITE_SIGNALS, writeContexts, type Reading } from "./write-signals";

interface Label {
  tool_call_id: string;
  verdict: "pass" | "fail";
}

function parseArgs(argv: string[]): string[] {
  const files: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === "--cases") files.push(argv[++index] ?? "");
    else if (arg !== "--") throw new Error(`unknown option ${arg}`);
  }
  if (files.length === 0 || files.some((file) => !file)) throw new Error("usage: bench-write-signals.ts --cases <writes.jsonl> [--cases …]");
  return files;
}

function read(file: string): Reading[] {
  const readings: Reading[] = [];
  readFileSync(file, "utf8").split("\n").forEach((line, index) => {
    if (!line.trim()) return;
    const { labels, category, id: _id, pair: _pair, meta: _meta, source: _source, ...visible } = JSON.parse(line) as Record<string, unknown>;
    if (!Array.isArray(labels) || labels.length === 0) return;
    const imported = importItem(visible, { file, line: index + 1 });
    if (!imported.ok) throw new Error(describeImportError(imported.error));
    const sites = extractToolCallSites(imported.transcript);
    const used = new Set<number>();
    const labelled = (labels as Label[]).map((label) => {
      // Agents reuse call ids: each label takes the first call of its id not taken yet.
      const site = sites.find((candidate) => candidate.callId === label.tool_call_id && !used.has(candidate.ordinal));
      if (!site) throw new Error(`${file}:${index + 1}: no call ${label.tool_call_id} for its label`);
      used.add(site.ordinal);
      return site;
    });
    writeContexts(imported.transcript, labelled).forEach((context, at) => {
      readings.push({
        right: (labels as Label[])[at].verdict === "pass",
        rejected: rejected(context.site),
        signals: WRITE_SIGNALS.map((signal) => signal.test(context)),
        category: typeof category === "string" ? category : "all",
      });
    });
  });
  return readings;
}

const share = (readings: Reading[], index: number) =>
  readings.length === 0 ? "-" : `${((100 * readings.filter((reading) => reading.signals[index]).length) / readings.length).toFixed(1)}%`;

function report(file: string, readings: Reading[]): void {
  const right = readings.filter((reading) => reading.right);
  const wrongRejected = readings.filter((reading) => !reading.right && reading.rejected);
  const wrongAccepted = readings.filter((reading) => !reading.right && !reading.rejected);
  console.log(`\n${file}: ${readings.length} writes: ${right.length} right (${right.filter((reading) => reading.rejected).length} of them rejected by the tool), ${wrongRejected.length} wrong and rejected, ${wrongAccepted.length} wrong and accepted`);
  console.log(`| reading | right writes | wrong, rejected | wrong, accepted | what it reads |`);
  console.log(`|---|---:|---:|---:|---|`);
  WRITE_SIGNALS.forEach((signal, index) => {
    console.log(`| \`${signal.id}\` | ${share(right, index)} | ${share(wrongRejected, index)} | ${share(wrongAccepted, index)} | ${signal.reads} |`);
  });
  const byRejection = ceiling(readings, (reading) => [reading.rejected]);
  const byAll = ceiling(readings, (reading) => [reading.rejected, ...reading.signals]);
  console.log(`best balanced accuracy from the tool's rejection alone: ${byRejection.balanced.toFixed(3)}`);
  console.log(`best balanced accuracy from the rejection and every reading: ${byAll.balanced.toFixed(3)} (${byAll.cells} combinations, each given the verdict that suits it best on these writes)`);
  const categories = [...new Set(readings.map((reading) => reading.category))].sort();
  if (categories.length > 1) {
    for (const category of categories) {
      const own = readings.filter((reading) => reading.category === category);
      const bound = ceiling(own, (reading) => [reading.rejected, ...reading.signals]);
      console.log(`  ${category}: ${own.length} writes, best ${bound.balanced.toFixed(3)} (${bound.cells} combinations)`);
    }
  }
}

for (const file of parseArgs(process.argv.slice(2))) report(file, read(file));
