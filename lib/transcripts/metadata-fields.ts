/*
 * The well-known fields of a transcript's free-form metadata: which model ran, which task and
 * trial it was, its tags, how the task turned out, and which service and prompt version made it. Uploads name these fields in many ways
 * (`task_id`, `taskId`, `instance_id`; `model`, `gen_ai.request.model`), so keys are matched
 * loosely: case, `_`, `-`, `.` and spaces do not count. Values that cannot mean the field
 * (an object where a name belongs, a string that is not a number where a reward belongs) are
 * ignored rather than guessed at.
 */

/** A reward at least this high counts as success when the metadata gives no explicit success. */
export const SUCCESS_REWARD_THRESHOLD = 0.5;

/**
 * Bump when the rules below change: stored rows with an older version have their columns
 * filled again at start-up (lib/transcripts/server/metadata-index.ts).
 */
export const METADATA_FIELDS_VERSION = 2;

const MAX_TEXT = 200;
const MAX_TAGS = 20;
const MAX_TAG = 100;

/** Keys of each field, normalised (see normaliseKey), most specific first. */
const ALIASES = {
  model: ["model", "modelname", "modelid", "agentmodel", "llmmodel", "genairequestmodel", "genairesponsemodel", "llmmodelname"],
  task: ["taskid", "task", "taskname", "instanceid", "problemid", "exampleid", "sampleid"],
  trial: ["trial", "trialid", "trialindex", "trialnumber", "attempt", "repetition"],
  tags: ["tags", "tag", "labels"],
  reward: ["reward", "finalreward", "totalreward"],
  success: ["success", "succeeded", "successful", "issuccess", "passed", "resolved", "solved"],
  // A trace's `service.name` (lib/transcripts/otlp/assemble.ts writes it as `service`).
  service: ["service", "servicename"],
  promptVersion: ["promptversion", "promptid"],
} as const;

/** Objects inside the metadata whose keys are read too: OpenTelemetry attributes, harness info. */
const NESTED = ["attributes", "info", "extra"];

export interface Outcome {
  /** The task's reward, when the metadata gives a finite number. */
  reward: number | null;
  /** Whether the task succeeded: the metadata's own flag, else reward >= SUCCESS_REWARD_THRESHOLD. */
  success: boolean | null;
  /** Where `success` came from. */
  successFrom: "metadata" | "reward" | null;
}

export interface MetadataFields extends Outcome {
  model: string | null;
  taskId: string | null;
  trial: string | null;
  tags: string[];
  service: string | null;
  promptVersion: string | null;
}

export const normaliseKey = (key: string): string => key.toLowerCase().replace(/[\s_.\-]/g, "");

type Lookup = (aliases: readonly string[]) => unknown[];

/** Every value under one of the aliases, top level first, then the nested objects, in alias order. */
function lookupIn(metadata: unknown): Lookup {
  const levels: Map<string, unknown>[] = [];
  const addLevel = (value: unknown) => {
    if (!isPlainObject(value)) return;
    const level = new Map<string, unknown>();
    for (const [key, v] of Object.entries(value)) {
      const normal = normaliseKey(key);
      if (!level.has(normal)) level.set(normal, v);
    }
    levels.push(level);
  };
  addLevel(metadata);
  if (isPlainObject(metadata)) {
    for (const [key, value] of Object.entries(metadata)) if (NESTED.includes(normaliseKey(key))) addLevel(value);
  }
  return (aliases) => levels.flatMap((level) => aliases.filter((alias) => level.has(alias)).map((alias) => level.get(alias)));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A short single-line text, or null. */
function text(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const cleaned = value.replace(/\s+/g, " ").trim();
  if (!cleaned) return null;
  return cleaned.length > MAX_TEXT ? cleaned.slice(0, MAX_TEXT) : cleaned;
}

/** A name: text, or an object's `name` / `id` (`{"model": {"name": "gpt-4o"}}`). */
function name(value: unknown): string | null {
  if (isPlainObject(value)) return text(value.name) ?? text(value.id);
  return text(value);
}

/** An identifier: a name, or an integer (`"task_id": 12`). */
function identifier(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (isPlainObject(value) && typeof value.id === "number" && Number.isFinite(value.id)) return String(value.id);
  return name(value);
}

/** A finite number, from a number or a numeric string ("1.0", " 0.5 "). */
export function finiteNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || !/^\s*[-+]?(\d+(?:\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

const TRUE = new Set(["true", "yes", "y", "1", "pass", "passed", "success", "succeeded", "resolved", "solved"]);
const FALSE = new Set(["false", "no", "n", "0", "fail", "failed", "failure", "unresolved", "unsolved"]);

/** A boolean, from true/false, 1/0, or words such as "yes" and "failed". */
export function looseBoolean(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== "string") return null;
  const word = value.trim().toLowerCase();
  return TRUE.has(word) ? true : FALSE.has(word) ? false : null;
}

/** Tags from a list (strings and numbers) or a comma- or semicolon-separated string; trimmed, once each. */
export function tagList(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === "string" ? value.split(/[,;]/) : [];
  const tags: string[] = [];
  for (const item of raw) {
    const tag = typeof item === "number" && Number.isFinite(item) ? String(item) : text(item);
    if (!tag || tags.includes(tag)) continue;
    tags.push(tag.slice(0, MAX_TAG));
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}

const first = <T>(values: unknown[], read: (value: unknown) => T | null): T | null => {
  for (const value of values) {
    const found = read(value);
    if (found !== null) return found;
  }
  return null;
};

/** The outcome from a reward and an explicit success flag, by the rule documented on Outcome. */
export function outcomeOf(reward: number | null, explicit: boolean | null): Outcome {
  if (explicit !== null) return { reward, success: explicit, successFrom: "metadata" };
  if (reward !== null) return { reward, success: reward >= SUCCESS_REWARD_THRESHOLD, successFrom: "reward" };
  return { reward: null, success: null, successFrom: null };
}

/** The well-known fields of any metadata value; anything else (null, a list, a string) has none. */
export function metadataFields(metadata: unknown): MetadataFields {
  const lookup = lookupIn(metadata);
  const tags = lookup(ALIASES.tags).map(tagList).find((list) => list.length > 0) ?? [];
  const reward = first(lookup(ALIASES.reward), finiteNumber);
  return {
    model: first(lookup(ALIASES.model), name),
    taskId: first(lookup(ALIASES.task), identifier),
    trial: first(lookup(ALIASES.trial), identifier),
    tags,
    service: first(lookup(ALIASES.service), name),
    promptVersion: first(lookup(ALIASES.promptVersion), identifier),
    ...outcomeOf(reward, first(lookup(ALIASES.success), looseBoolean)),
  };
}
