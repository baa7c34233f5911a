/**
 * Checks `callboard import-bfcl`'s conversion against BFCL's own code (bfcl_outputs.py's files):
 * - tools: the TypeScript port gives, for every single-turn question, the tools BFCL sends;
 * - prompting answers: the Python-call decoder reads every answer as BFCL's decoder does;
 * - references: equal to bench/bfcl-ref's (built by BFCL's checker's own reading), where present.
 *
 *   python3 bench/bfcl-import/bfcl_outputs.py /tmp/gorilla /tmp/bfcl-import
 *   npx tsx bench/bfcl-import/check.ts /tmp/gorilla /tmp/bfcl-import [bench/bfcl-ref/data/bfcl-ref.jsonl]
 *
 * Exits 1 on any difference.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { convertBfcl } from "@/lib/references/convert/bfcl";
import { decodePythonText } from "@/lib/references/convert/bfcl/decode-result";
import { parsePyJson } from "@/lib/references/py-json";
import { toPyJson } from "@/lib/references/py-value";

const [snapshot, outputs, refFile] = process.argv.slice(2);
if (!snapshot || !outputs) {
  console.error("usage: check.ts <extracted gorilla snapshot> <bfcl_outputs.py's directory> [bfcl-ref.jsonl]");
  process.exit(2);
}
const data = path.join(snapshot, "berkeley-function-call-leaderboard", "bfcl_eval", "data");
const CATEGORIES = ["simple_python", "simple_java", "simple_javascript", "multiple", "parallel", "parallel_multiple", "irrelevance", "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple", "live_irrelevance"];

const lines = (file: string) => readFileSync(file, "utf8").split("\n").filter((line) => line.trim());
/** Equal as Python values: 1 and 1.0 differ, key order does not count for the reference's sake here. */
const same = (a: string, b: string) => {
  const left = parsePyJson(a);
  const right = parsePyJson(b);
  return left.ok && right.ok && toPyJson(left.value) === toPyJson(right.value);
};

let failures = 0;
const fail = (message: string) => {
  failures++;
  if (failures <= 20) console.log(`  DIFFERS ${message}`);
};

const converted = new Map<string, { tools: unknown; reference: string }>();
for (const category of CATEGORIES) {
  const name = `BFCL_v4_${category}.json`;
  const answers = path.join(data, "possible_answer", name);
  const { transcripts, problems } = convertBfcl({
    questions: { name, text: readFileSync(path.join(data, name), "utf8") },
    answers: existsSync(answers) ? { name: `possible_answer/${name}`, text: readFileSync(answers, "utf8") } : undefined,
  });
  for (const problem of problems) fail(`${problem.file}:${problem.line}: ${problem.message}`);
  for (const transcript of transcripts) {
    const line = JSON.parse(transcript.json) as { tools: unknown };
    const py = parsePyJson(transcript.json);
    const reference = py.ok && "entries" in (py.value as object) ? toPyJson((py.value as { entries: Map<string, never> }).entries.get("reference") ?? null) : "";
    converted.set(transcript.id, { tools: line.tools, reference });
  }
  console.log(`${category}: ${transcripts.length} transcripts, ${problems.length} problems`);
}

let tools = 0;
for (const line of lines(path.join(outputs, "tools.jsonl"))) {
  const expected = JSON.parse(line) as { id: string; tools: unknown };
  const ours = converted.get(expected.id);
  if (!ours) fail(`${expected.id}: not converted`);
  else if (JSON.stringify(ours.tools) !== JSON.stringify(expected.tools)) fail(`${expected.id}: tools\n    ours ${JSON.stringify(ours.tools).slice(0, 400)}\n    BFCL ${JSON.stringify(expected.tools).slice(0, 400)}`);
  else tools++;
}
console.log(`tools: ${tools} questions give BFCL's tools exactly (key order included)`);

let decoded = 0;
const prompting = lines(path.join(outputs, "prompting.jsonl"));
for (const line of prompting) {
  const { text, decoded: bfcl } = JSON.parse(line) as { text: string; decoded: Record<string, unknown>[] | null };
  const ours = decodePythonText(text);
  const bfclText = line.slice(line.indexOf('"decoded": ') + '"decoded": '.length, -1);
  if (bfcl === null) {
    if (ours.kind !== "text") fail(`prompting ${JSON.stringify(text)}: BFCL does not decode it, ours gives ${JSON.stringify(ours)}`);
    else decoded++;
    continue;
  }
  const oursText = ours.kind === "calls" ? `[${ours.calls.map((call) => `{${JSON.stringify(call.name)}: ${call.arguments}}`).join(", ")}]` : "";
  if (ours.kind !== "calls" || !same(oursText, bfclText)) fail(`prompting ${JSON.stringify(text)}:\n    ours ${ours.kind === "calls" ? oursText : JSON.stringify(ours)}\n    BFCL ${bfclText}`);
  else decoded++;
}
console.log(`prompting answers: ${decoded} of ${prompting.length} decoded as BFCL decodes them`);

if (refFile && existsSync(refFile)) {
  let references = 0;
  const seen = new Set<string>();
  for (const line of lines(refFile)) {
    const row = JSON.parse(line) as { meta: { source: string } };
    const id = row.meta.source.split("#")[1];
    if (seen.has(id)) continue;
    seen.add(id);
    const py = parsePyJson(line);
    const reference = py.ok && "entries" in (py.value as object) ? toPyJson((py.value as { entries: Map<string, never> }).entries.get("reference") ?? null) : "";
    if (converted.get(id)?.reference !== reference) fail(`${id}: reference\n    ours ${converted.get(id)?.reference.slice(0, 300)}\n    bfcl-ref ${reference.slice(0, 300)}`);
    else references++;
  }
  console.log(`references: ${references} of ${seen.size} questions equal bench/bfcl-ref's`);
}
console.log(failures ? `${failures} differences` : "no differences");
process.exit(failures ? 1 : 0);
