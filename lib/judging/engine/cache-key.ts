import { createHash } from "node:crypto";
import { CHECKS_JUDGE_ID, CHECKS_JUDGE_VERSION } from "@/lib/judging/judges/checks/version";

/** Bump when the key's recipe or the stored result's shape changes: old entries then simply stop matching. */
export const CACHE_KEY_VERSION = "callboard-judge-cache/v3";

/**
 * Judges whose results depend on their own code rather than on settings. Their version joins
 * every key even when a caller does not pass it, so an upgrade never reuses stale results.
 * Network judges are versioned by their model and settings, already in the key.
 */
const BUILT_IN_VERSIONS: Readonly<Record<string, string>> = { [CHECKS_JUDGE_ID]: CHECKS_JUDGE_VERSION };

/** The version of a judge's own code: the one given, else the built-in one; null for network judges. */
export function judgeVersionFor(judgeId: string, given?: string): string | null {
  return given ?? (Object.hasOwn(BUILT_IN_VERSIONS, judgeId) ? BUILT_IN_VERSIONS[judgeId] : null);
}

/**
 * JSON with object keys sorted at every depth, so that two equal values always give the same
 * text whatever order their keys were built in. Undefined properties are dropped and
 * non-finite numbers become null, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  return canonicalWith(value, canonicalJson);
}

/** canonicalJson of `value`, its items and properties written by `child`. */
function canonicalWith(value: unknown, child: (item: unknown) => string): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) return "null";
    if (typeof value === "bigint") return value.toString();
    return JSON.stringify(value) ?? "null";
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined || typeof item === "function" ? "null" : child(item))).join(",")}]`;
  const entries = Object.entries(value)
    .filter(([, item]) => item !== undefined && typeof item !== "function")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${child(item)}`).join(",")}}`;
}

// Matched on the key lower-cased without separators: apiKey, api_key, x-api-key, accessToken, ...
// "maxTokens" ends in "tokens" and stays: it changes results.
const SECRET_SUFFIXES = ["apikey", "secret", "password", "authorization", "credential", "credentials", "token", "accesstoken", "headers"];

// How a request is made, not what it answers: changing them must not empty the cache.
const TRANSPORT_KEYS = new Set(["timeoutms", "maxretries"]);

function keptInKey(key: string): boolean {
  const normalised = key.toLowerCase().replace(/[-_\s]/g, "");
  return !TRANSPORT_KEYS.has(normalised) && !SECRET_SUFFIXES.some((suffix) => normalised.endsWith(suffix));
}

/** The settings that change a judge's results (model, temperature, ...): secrets and transport settings removed. */
export function resultSettings(settings: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!settings) return {};
  return Object.fromEntries(Object.entries(settings).filter(([key, value]) => value !== undefined && keptInKey(key)));
}

export interface CacheKeyInput {
  judgeId: string;
  /** The judge's own version (`version` of the checks judge); built-in judges' is found by id. */
  judgeVersion?: string;
  /** What changes results: model, temperature, prompt version; secrets are dropped anyway. */
  settings?: Record<string, unknown>;
  criterionText: string;
  /** The immediate or hindsight view exactly as the judge receives it. */
  view: unknown;
}

// The digest of each view, by identity: views are shared by the criteria of a call (ViewMemo) and
// never changed, so a call's view is serialised and hashed once however many criteria judge it;
// each criterion's key then hashes a few short parts and that digest, not the whole view again.
const viewDigests = new WeakMap<object, string>();
// The canonical text of the objects two levels into a view: its messages and tools. The views of a
// transcript's calls hold the transcript's own message and tool objects (views.ts), so each is
// serialised once, not once per later call (which made the keys of a transcript quadratic in its length).
const canonicalParts = new WeakMap<object, string>();

function canonicalPart(value: unknown): string {
  if (value === null || typeof value !== "object") return canonicalJson(value);
  let text = canonicalParts.get(value);
  if (text === undefined) canonicalParts.set(value, (text = canonicalJson(value)));
  return text;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** sha256 (hex) of the view's canonical JSON. */
export function viewDigest(view: unknown): string {
  if (view === null || typeof view !== "object") return sha256(canonicalJson(view));
  let digest = viewDigests.get(view);
  if (digest === undefined) viewDigests.set(view, (digest = sha256(canonicalWith(view, (part) => canonicalWith(part, canonicalPart)))));
  return digest;
}

/** sha256 (hex) of judge and its version + result-changing settings + criterion + the view's digest: equal inputs, equal key. */
export function cacheKey(input: CacheKeyInput): string {
  return sha256(canonicalJson([CACHE_KEY_VERSION, input.judgeId, judgeVersionFor(input.judgeId, input.judgeVersion), resultSettings(input.settings), input.criterionText.trim(), viewDigest(input.view)]));
}
