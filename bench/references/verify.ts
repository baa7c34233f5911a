/**
 * The reference matcher against a set's own labels.
 * - BFCL sets (bench/bfcl-ref): each transcript's verdict and error type against BFCL's checker
 *   (`meta.bfcl_valid`, `meta.bfcl_error_type`), per category and per error type.
 * - tau2 sets (bench/tau2: *-reference.jsonl): each labelled write's verdict against tau2's label.
 *
 *   npx tsx bench/references/verify.ts <file.jsonl> [--show N]
 */
import { readFileSync } from "node:fs";
import { isErrorResponse } from "@/lib/judging/judges/checks/response-status";
import { callsToMatch } from "@/lib/references/calls-to-match";
import { matchReference } from "@/lib/references/match";
import { parsePyJson } from "@/lib/references/py-json";
import { PyDict } from "@/lib/references/py-value";
import { readReference } from "@/lib/references/read-reference";
import { describeImportError } from "@/lib/transcripts/import-error-text";
import { importItem } from "@/lib/transcripts/import-item";
import { extractToolCallSites } from "@/lib/transcripts/sites";

interface Tally {
  agree: number;
  total: number;
}
const bump = (map: Map<string, Tally>, key: string, agreed: boolean) => {
  const tally = map.get(key) ?? { agree: 0, total: 0 };
  tally.total++;
  if (agreed) tally.agree++;
  map.set(key, tally);
};

const [file, ...rest] = process.argv.slice(2);
const show = Number(rest[rest.indexOf("--show") + 1] ?? 0) || 0;
const byCategory = new Map<string, Tally>();
const byErrorType = new Map<string, Tally>();
const byRule = new Map<string, Tally>();
const callLabels: Tally = { agree: 0, total: 0 };
let calls = 0;
let cpuSeconds = 0;
const misses: string[] = [];

readFileSync(file, "utf8").split("\n").forEach((line, index) => {
  if (!line.trim()) return;
  const py = parsePyJson(line);
  if (!py.ok || !(py.value instanceof PyDict)) throw new Error(`line ${index + 1}: not JSON`);
  const { reference, labels, meta, id, category, pair: _pair, source: _source, ...visible } = JSON.parse(line) as Record<string, unknown>;
  const imported = importItem(visible, { file, line: index + 1 });
  if (!imported.ok) throw new Error(describeImportError(imported.error));
  const read = readReference(reference, py.value.entries.get("reference"));
  if (!read.ok) throw new Error(`line ${index + 1}: ${read.issues[0].message}`);
  const { transcript } = imported;
  const sites = extractToolCallSites(transcript);
  const toMatch = callsToMatch(transcript.messages, isErrorResponse);
  const tools = transcript.tools.map((tool) => ({ name: tool.function.name, parameters: tool.function.parameters }));
  const started = process.cpuUsage();
  const result = matchReference(toMatch, tools, read.reference);
  const used = process.cpuUsage(started);
  cpuSeconds += (used.user + used.system) / 1e6;
  calls += sites.length;

  const bfcl = (meta ?? {}) as { bfcl_valid?: boolean; bfcl_error_type?: string | null; rule?: string };
  if (typeof bfcl.bfcl_valid === "boolean") {
    const expected = bfcl.bfcl_valid ? "valid" : (bfcl.bfcl_error_type ?? "invalid");
    const actual = result.transcript.passed ? "valid" : (result.transcript.bfclErrorType ?? "invalid");
    const agreed = expected === actual;
    bump(byCategory, String(category), agreed);
    bump(byErrorType, expected, agreed);
    bump(byRule, bfcl.rule ?? "?", agreed);
    if (!agreed && misses.length < show) misses.push(`${String(id)} (${bfcl.rule}): BFCL ${expected}, matcher ${actual}: ${result.transcript.reasons[0]?.message ?? ""}`);
  }
  // A label names a call id; a reused id's label belongs to its first call.
  const seen = new Set<string>();
  for (const site of sites) {
    if (seen.has(site.callId)) continue;
    seen.add(site.callId);
    const label = ((labels ?? []) as { tool_call_id: string; verdict: string }[]).find((candidate) => candidate.tool_call_id === site.callId);
    if (!label) continue;
    const verdict = result.calls.get(site.ordinal);
    const judged = verdict?.status === "pass" ? "pass" : verdict?.status === "fail" ? "fail" : "n/a";
    callLabels.total++;
    if (judged === label.verdict) callLabels.agree++;
    else if (misses.length < show) misses.push(`${String(id)} ${site.callId} ${site.toolName}: label ${label.verdict}, matcher ${judged}${verdict?.status === "fail" ? ` (${verdict.reason.code} ${verdict.reason.path}: ${verdict.reason.message})` : ""}`);
  }
});

const line = (name: string, tally: Tally) => `  ${name.padEnd(56)} ${String(tally.agree).padStart(6)} of ${String(tally.total).padStart(6)}${tally.agree === tally.total ? "" : `  (${tally.total - tally.agree} differ)`}`;
console.log(`${file}: ${calls} calls matched in ${cpuSeconds.toFixed(3)} s of CPU (${Math.round(calls / cpuSeconds)} calls per CPU-second, first pass)`);
if (byCategory.size) {
  const total = [...byCategory.values()].reduce((sum, tally) => ({ agree: sum.agree + tally.agree, total: sum.total + tally.total }), { agree: 0, total: 0 });
  console.log(`transcript verdicts equal to BFCL's checker (verdict and error type)\n${line("all", total)}`);
  console.log("by category");
  for (const [name, tally] of [...byCategory].sort()) console.log(line(name, tally));
  console.log("by BFCL's verdict or error type");
  for (const [name, tally] of [...byErrorType].sort()) console.log(line(name, tally));
  const rules = [...byRule].filter(([, tally]) => tally.agree !== tally.total);
  if (rules.length) console.log(`rules with differences\n${rules.map(([name, tally]) => line(name, tally)).join("\n")}`);
}
if (callLabels.total) console.log(`labelled calls whose verdict equals the label\n${line("all", callLabels)}`);
for (const miss of misses) console.log(`  ${miss}`);
