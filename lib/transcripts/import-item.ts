import type { core } from "zod";
import { type BaseFormat, detectFormat } from "./detect-format";
import { convertAnthropic } from "./formats/anthropic";
import { ANTHROPIC_KEYS, anthropicSchema } from "./formats/anthropic-schema";
import { type Conversion, extraKeys } from "./formats/conversion";
import { convertOpenAiChat } from "./formats/openai-chat";
import { OPENAI_CHAT_KEYS, openAiChatSchema } from "./formats/openai-chat-schema";
import { convertOpenAiResponses } from "./formats/openai-responses";
import { OPENAI_RESPONSES_KEYS, openAiResponsesSchema } from "./formats/openai-responses-schema";
import { asJsonObject } from "./formats/schema-helpers";
import { consistencyWarnings } from "./consistency-warnings";
import { transcriptHash } from "./hash";
import type { ImportError, ImportErrorCode, ImportFailure, ImportOutcome, ImportSuccess, SourceLocation } from "./import-types";
import { exceedsDepth } from "./json-depth";
import { type ImportLimits, resolveLimits } from "./limits";
import { extractToolCallSites } from "./sites";
import { takeReference } from "./reference-field";
import { transcriptName } from "./transcript-name";
import { formatZodIssues } from "./zod-errors";

export interface ImportContext extends SourceLocation {
  /** 1-based position of the item in its file, for the fallback name `<file> #<n>`. */
  ordinal?: number;
  limits?: Partial<ImportLimits>;
  /** The value came from readItems with the same limits, which already bounded its depth. */
  depthChecked?: boolean;
  /** The item's JSON text, when the reader kept it (items with a reference): numbers as written. */
  text?: string;
}

const MAX_LISTED_ISSUES = 20;

/** Validates one parsed item, converts it into the canonical transcript, and checks it. Never throws. */
export function importItem(value: unknown, ctx: ImportContext): ImportOutcome {
  const read = readItem(value, ctx);
  return read.ok ? { ...read, hash: transcriptHash(read.transcript) } : read;
}

/**
 * importItem without the content hash, for what never stores the transcript (the evaluation API):
 * hashing is a canonical serialisation of the whole transcript, a quarter of the CPU of a live
 * check's import.
 */
export function readItem(value: unknown, ctx: ImportContext): Omit<ImportSuccess, "hash"> | ImportFailure {
  const source = sourceOf(ctx);
  const limits = resolveLimits(ctx.limits);
  // Schemas and hashing recurse: a value parsed elsewhere must be bounded before them.
  if (!ctx.depthChecked && exceedsDepth(value, limits.maxDepth)) {
    return failure(source, "too_deep", "", `nested deeper than the limit of ${limits.maxDepth} levels`);
  }
  const detection = detectFormat(value);
  if (!detection.ok) return failure(source, "unknown_format", "", detection.message);

  const validated = validate(detection.base, value);
  if (!validated.ok) {
    const issues = formatZodIssues(validated.issues.slice(0, MAX_LISTED_ISSUES), value);
    const [first] = issues;
    const error = failure(source, "schema", first.path, first.message);
    if (issues.length > 1) error.error.issues = issues.slice(0, MAX_LISTED_ISSUES);
    return error;
  }

  const { conversion, fields, known } = validated;
  const { transcript } = conversion;
  const ordinal = ctx.ordinal ?? (ctx.index !== undefined ? ctx.index + 1 : (ctx.line ?? 1));
  const name = transcriptName(fields.name, transcript, ctx.file, ordinal);
  transcript.name = name;
  const referenceWarnings = takeReference(value, transcript, ctx.text);
  const sites = extractToolCallSites(transcript);
  return {
    ok: true,
    source,
    format: detection.format,
    transcript,
    name,
    warnings: [...conversion.warnings, ...referenceWarnings, ...consistencyWarnings(transcript, sites)],
    criteria: normaliseCriteria(fields.evaluation_criteria),
    sites,
    extra: asJsonObject(withoutReference(extraKeys(value as Record<string, unknown>, known))),
  };
}

function withoutReference({ reference: _reference, ...rest }: Record<string, unknown>): Record<string, unknown> {
  return rest;
}

interface CommonFields {
  name?: string | null;
  evaluation_criteria?: string | string[];
}

type Validation =
  | { ok: true; conversion: Conversion; fields: CommonFields; known: ReadonlySet<string> }
  | { ok: false; issues: core.$ZodIssue[] };

function validate(base: BaseFormat, value: unknown): Validation {
  switch (base) {
    case "openai-chat": {
      const parsed = openAiChatSchema.safeParse(value);
      if (!parsed.success) return { ok: false, issues: parsed.error.issues };
      return { ok: true, conversion: convertOpenAiChat(parsed.data), fields: parsed.data, known: OPENAI_CHAT_KEYS };
    }
    case "anthropic": {
      const parsed = anthropicSchema.safeParse(value);
      if (!parsed.success) return { ok: false, issues: parsed.error.issues };
      return { ok: true, conversion: convertAnthropic(parsed.data), fields: parsed.data, known: ANTHROPIC_KEYS };
    }
    case "openai-responses": {
      const parsed = openAiResponsesSchema.safeParse(value);
      if (!parsed.success) return { ok: false, issues: parsed.error.issues };
      return { ok: true, conversion: convertOpenAiResponses(parsed.data), fields: parsed.data, known: OPENAI_RESPONSES_KEYS };
    }
  }
}

/** Criteria as the criteria library wants them: trimmed, non-empty, each once. */
export function normaliseCriteria(criteria: string | string[] | undefined): string[] {
  if (criteria === undefined) return [];
  const list = typeof criteria === "string" ? [criteria] : criteria;
  return [...new Set(list.map((c) => c.trim()).filter((c) => c !== ""))];
}

function sourceOf(ctx: ImportContext): SourceLocation {
  const source: SourceLocation = { file: ctx.file };
  if (ctx.line !== undefined) source.line = ctx.line;
  if (ctx.index !== undefined) source.index = ctx.index;
  return source;
}

function failure(source: SourceLocation, code: ImportErrorCode, path: string, message: string): { ok: false; error: ImportError } {
  return { ok: false, error: { ...source, code, path, message } };
}
