import { readFileSync } from "node:fs";
import type { Criterion } from "@/lib/criteria/parse";
import { parseScopedCriterion, type CriterionScope } from "@/lib/criteria/scope";

/** A criterion of the command line: tool-call criteria judge each call, agent ones (scope "agent") each transcript. */
export type CliCriterion = Criterion & { scope: CriterionScope };

export type LoadedCriteria = { ok: true; criteria: CliCriterion[] } | { ok: false; messages: string[] };

interface Source {
  text: string;
  /** Where it came from, for the message: `--criteria #2`, `criteria.txt:4`. */
  origin: string;
}

/** Criteria from `--criteria` and `--criteria-file`, parsed, de-duplicated, in the order given. */
export function loadCriteria(texts: readonly string[], files: readonly string[], readFile: (file: string) => string = (file) => readFileSync(file, "utf8")): LoadedCriteria {
  const messages: string[] = [];
  const sources: Source[] = texts.map((text, index) => ({ text, origin: texts.length > 1 ? `--criteria #${index + 1}` : "--criteria" }));
  for (const file of files) {
    let content: string;
    try {
      content = readFile(file);
    } catch (error) {
      messages.push(`--criteria-file ${file}: ${describeReadError(error)}`);
      continue;
    }
    const read = criteriaInFile(content, file);
    if (typeof read === "string") messages.push(read);
    else sources.push(...read);
  }
  const criteria: CliCriterion[] = [];
  for (const { text, origin } of sources) {
    const parsed = parseScopedCriterion(text);
    if (!parsed.ok) {
      messages.push(`${origin}: ${JSON.stringify(shorten(text.trim()))}: ${parsed.message}`);
      continue;
    }
    if (!criteria.some((known) => known.text === parsed.criterion.text)) criteria.push({ ...parsed.criterion, scope: parsed.scope });
  }
  if (messages.length) return { ok: false, messages };
  if (!criteria.length) return { ok: false, messages: ["no criteria: the criteria files hold none"] };
  return { ok: true, criteria };
}

/** A JSON array of strings (or of `{text}` objects, as prisma/demo/criteria.json), else one criterion a line. */
function criteriaInFile(content: string, file: string): Source[] | string {
  const trimmed = content.replace(/^\uFEFF/, "").trim();
  if (trimmed.startsWith("[")) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      return `--criteria-file ${file}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
    }
    const list = Array.isArray(value) ? value : [];
    const sources: Source[] = [];
    for (const [index, entry] of list.entries()) {
      const text = typeof entry === "string" ? entry : isObject(entry) && typeof entry.text === "string" ? entry.text : null;
      if (text === null) return `--criteria-file ${file}: item ${index} is not a string or an object with a "text" string`;
      sources.push({ text, origin: `${file} [${index}]` });
    }
    return sources;
  }
  return content.split(/\r?\n/).flatMap((line, index) => {
    const text = line.trim();
    return text === "" || text.startsWith("#") ? [] : [{ text, origin: `${file}:${index + 1}` }];
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export function describeReadError(error: unknown): string {
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "is a directory, not a file";
  if (code === "EACCES") return "permission denied";
  return error instanceof Error ? error.message : String(error);
}
