import type { z } from "zod";
import { parseLine, readJsonLines, type JsonLine, type LineError } from "@/lib/references/json-lines";
import { PyDict, type PyValue } from "@/lib/references/py-value";
import { bfclCategory, categoryOfId } from "./bfcl/categories";
import { assistantTurn } from "./bfcl/decode-result";
import { answerLine, questionLine, resultLine } from "./bfcl/schemas";
import type { BfclFunctionDoc } from "./bfcl/tools";
import { transcriptLine } from "./bfcl/transcript-line";

/**
 * BFCL's question file, its possible answers and a model's results, as Callboard transcripts
 * (OpenAI chat, one JSON line each) that carry the possible answer as their reference with the
 * `bfcl` preset: the question's messages, the tools BFCL sends, and one assistant turn with the
 * model's calls. The transcript's verdict is then BFCL's own.
 *
 * What is not converted is reported with its file, line and JSON path, never dropped silently:
 * lines that are not valid, categories without possible answers, ids one file has and another
 * lacks. An id without a result is reported and left out, as BFCL's `--partial-eval` leaves it
 * out of the score: a transcript without the model's turn would count as the model's failure.
 * Without a results file, every question is converted without an assistant turn.
 */

export interface BfclInputFile {
  /** The name errors are reported under. */
  name: string;
  text: string;
}

export interface BfclInput {
  questions: BfclInputFile;
  /** Not needed when every question is of an irrelevance category. */
  answers?: BfclInputFile;
  results?: BfclInputFile;
}

export interface BfclTranscript {
  id: string;
  /** The question's line in its file. */
  line: number;
  category: string;
  /** The transcript as one line of JSON. */
  json: string;
}

export interface BfclConversion {
  transcripts: BfclTranscript[];
  problems: LineError[];
}

interface Keyed<T> {
  line: number;
  entry: JsonLine;
  data: T;
}

export function convertBfcl(input: BfclInput): BfclConversion {
  const problems: LineError[] = [];
  const questions = keyedLines(input.questions, questionLine, problems);
  const answers = input.answers ? keyedLines(input.answers, answerLine, problems) : new Map<string, Keyed<z.infer<typeof answerLine>>>();
  const results = input.results ? keyedLines(input.results, resultLine, problems) : null;
  for (const [source, file] of [
    [answers, input.answers],
    [results, input.results],
  ] as const) {
    for (const [id, { line }] of source ?? []) {
      if (!questions.has(id) && file) problems.push({ file: file.name, line, path: "id", message: `id: ${JSON.stringify(id)} is not a question of ${input.questions.name}` });
    }
  }

  const transcripts: BfclTranscript[] = [];
  const unsupported = new Map<string, { line: number; why: string; count: number }>();
  for (const [id, question] of questions) {
    const where = (path: string, message: string): LineError => ({ file: input.questions.name, line: question.line, path, message });
    const category = bfclCategory(categoryOfId(id));
    if (!category.supported) {
      const known = unsupported.get(category.id);
      if (known) known.count++;
      else unsupported.set(category.id, { line: question.line, why: category.why, count: 1 });
      continue;
    }
    if (question.data.question.length !== 1) {
      problems.push(where("question", `question: has ${question.data.question.length} turns; only single-turn questions have possible answers`));
      continue;
    }
    const answer = answers.get(id);
    if (category.irrelevance && answer) {
      problems.push({ file: input.answers?.name ?? "", line: answer.line, path: "id", message: `id: ${id} is an irrelevance question, which has no possible answer (BFCL passes a turn without calls); the line is ignored` });
    }
    if (!category.irrelevance && !answer) {
      problems.push(where("id", input.answers ? `id: ${id} has no possible answer in ${input.answers.name}` : `id: ${id} needs its possible answer: give the possible-answer file (--answers)`));
      continue;
    }
    const result = results?.get(id);
    if (results && !result) {
      problems.push(where("id", `id: ${id} has no result in ${input.results?.name}: not converted (BFCL leaves it out of a partial evaluation)`));
      continue;
    }
    const turn = result ? assistantTurn(field(result.entry, "result"), category.language) : null;
    if (turn?.kind === "unreadable") {
      problems.push({ file: input.results?.name ?? "", line: result?.line ?? 0, path: "result", message: `result: ${turn.why}` });
      continue;
    }
    // The lines as written, not as the schema gave them back: zod puts the keys it knows first.
    const raw = question.entry.value as { question: unknown[][]; function: BfclFunctionDoc[] };
    const json = transcriptLine({ id, messages: raw.question[0], functions: raw.function, category, groundTruth: category.irrelevance ? null : field(answer?.entry, "ground_truth") }, turn);
    transcripts.push({ id, line: question.line, category: category.id, json });
  }
  for (const [id, { line, why, count }] of unsupported) {
    problems.push({ file: input.questions.name, line, path: "id", message: `id: category ${id} is not converted: ${why} (${count} question${count === 1 ? "" : "s"} left out)` });
  }
  const fileOrder = [input.questions, input.answers, input.results].flatMap((file) => (file ? [file.name] : []));
  return { transcripts, problems: problems.sort((a, b) => fileOrder.indexOf(a.file) - fileOrder.indexOf(b.file) || a.line - b.line) };
}

/** The lines of a file by id, each checked against its schema; a repeated id is a problem. */
function keyedLines<T extends { id: string }>(file: BfclInputFile, schema: z.ZodType<T>, problems: LineError[]): Map<string, Keyed<T>> {
  const { lines, errors } = readJsonLines(file.text, file.name);
  problems.push(...errors);
  const byId = new Map<string, Keyed<T>>();
  for (const entry of lines) {
    const data = parseLine(schema, entry, file.name, problems);
    if (!data) continue;
    const earlier = byId.get(data.id);
    if (earlier) {
      problems.push({ file: file.name, line: entry.line, path: "id", message: `id: ${JSON.stringify(data.id)} repeats line ${earlier.line}; the first is used` });
      continue;
    }
    byId.set(data.id, { line: entry.line, entry, data });
  }
  if (lines.length === 0 && errors.length === 0) problems.push({ file: file.name, line: 1, path: "", message: "The file has no lines." });
  return byId;
}

/** A field of a line as Python reads it: numbers as written (`5.0` stays a float). */
function field(entry: JsonLine | undefined, key: string): PyValue {
  return entry?.py instanceof PyDict ? (entry.py.entries.get(key) ?? null) : null;
}

