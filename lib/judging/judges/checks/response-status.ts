import type { JsonValue } from "@/lib/transcripts/types";

export interface ResponseStatus {
  /**
   * "rejected": the tool refused the call as made (not found, invalid, not allowed): evidence
   * against the call's tool or arguments. "transient": it failed for reasons outside the call
   * (timeout, rate limit, server error). "empty": it answered with nothing.
   */
  kind: "ok" | "rejected" | "transient" | "empty";
  /** The part of the response that shows it. */
  evidence: string;
}

export const isError = (status: ResponseStatus) => status.kind === "rejected" || status.kind === "transient";

// Failures that say nothing about the call: the service, the network or the clock failed.
const TRANSIENT = /\b(time[sd]? ?out|timeout|rate[- ]?limit\w*|too many requests|throttl\w*|temporar\w*|try again( later)?|service unavailable|unavailable at the moment|internal (server )?error|server error|bad gateway|gateway time-?out|connection (refused|reset|closed|error|failed)|network error|econnrefused|econnreset|etimedout|overloaded|quota exceeded)\b|\b(status|http|code)\W{0,3}(429|5\d\d)\b|^\s*(429|5\d\d)\b/i;
// A response that opens by saying it failed.
const OPENS_AS_ERROR = /^\W{0,3}([45]\d\d:? (bad|not|unauthori[sz]ed|forbidden|too|internal|service|gateway|conflict|payment|method|request|gone|precondition|unprocessable|locked)|error|exception|traceback|fatal|failed|failure|denied|forbidden|unauthori[sz]ed|invalid|not found|no such|cannot|can't|could not|unable to)\b/i;
// Phrases of failure, read only in a short response or the head of a long one: a long result
// (a file, an e-mail, a web page) may quote them as data.
const ERROR_PHRASE =
  /\b(internal server error|bad request|not found|no such|does not exist|doesn't exist|not exist|invalid|not valid|unauthori[sz]ed|forbidden|permission denied|access denied|not allowed|not permitted|insufficient|rejected|declined|exception|traceback|stack trace|could not|couldn't|unable to|failed to|cannot be|can't be|is required|are required|missing (required )?(argument|parameter|field)s?)\b|\b(status|http)(?:\s*code)?(?:\s*[:=])?\s*[45]\d\d\b/i;
const EMPTY_TEXT = /^\s*(no (results?|data|matches|records|items|entries)( (were |was )?found)?|nothing found|0 results|none|null|n\/a)\s*(?:\.\s*)?$/i;
const ERROR_STATUS = /^(error|errored|failed|failure|fail|exception|denied|invalid|rejected|not[_ ]found|forbidden|unauthori[sz]ed)$/i;
const ERROR_KEYS = new Set(["error", "errors", "exception", "error_message", "errormessage", "error_msg", "err", "fault"]);
const STATUS_KEYS = new Set(["status", "statuscode", "status_code", "code", "http_status", "state", "result"]);
const MESSAGE_KEYS = new Set(["message", "detail", "details", "msg", "reason", "description"]);

/** The error's kind from its text: transient when it blames the service, rejected otherwise. */
function classify(text: string, evidence: string): ResponseStatus {
  return { kind: TRANSIENT.test(text) ? "transient" : "rejected", evidence };
}

const shown = (key: string, field: JsonValue) => `${key}: ${JSON.stringify(field).slice(0, 160)}`;

function fromObject(value: { [key: string]: JsonValue }, depth: number): ResponseStatus | null {
  const keys = Object.keys(value);
  if (!keys.length) return { kind: "empty", evidence: "{}" };
  let statusSaysError = false;
  for (const key of keys) {
    const field = value[key];
    const lower = key.toLowerCase();
    if (ERROR_KEYS.has(lower) && field !== null && field !== false && field !== "" && !(Array.isArray(field) && !field.length) && !(typeof field === "object" && !Array.isArray(field) && !Object.keys(field).length)) {
      return classify(JSON.stringify(field), shown(key, field));
    }
    if ((lower === "iserror" || lower === "is_error" || lower === "failed") && field === true) statusSaysError = true;
    if ((lower === "success" || lower === "ok" || lower === "succeeded") && field === false) statusSaysError = true;
    if (STATUS_KEYS.has(lower) && (typeof field === "number" || typeof field === "string")) {
      const numeric = Number(field);
      if (Number.isInteger(numeric) && numeric >= 400 && numeric < 600) statusSaysError = true;
      else if (typeof field === "string" && ERROR_STATUS.test(field.trim())) statusSaysError = true;
    }
  }
  if (statusSaysError) return classify(JSON.stringify(value), JSON.stringify(value).slice(0, 200));
  // A wrapper around the real answer: {"result": {"error": …}}.
  if (depth === 0 && keys.length <= 2) {
    for (const key of keys) {
      const field = value[key];
      if (field && typeof field === "object" && !Array.isArray(field)) {
        const inner = fromObject(field, 1);
        if (inner && inner.kind !== "empty" && inner.kind !== "ok") return inner;
      }
    }
  }
  // {"message": "Order not found"} and nothing else: a message is all it says.
  if (keys.length <= 2 && keys.every((key) => MESSAGE_KEYS.has(key.toLowerCase()) || STATUS_KEYS.has(key.toLowerCase()))) {
    const text = keys.map((key) => value[key]).filter((field): field is string => typeof field === "string").join(" ");
    const status = fromText(text);
    if (status.kind !== "ok") return status;
  }
  for (const key of ["results", "data", "items", "records", "matches", "hits"]) {
    const field = value[key];
    if (keys.length <= 3 && Array.isArray(field) && field.length === 0) return { kind: "empty", evidence: `${key}: []` };
  }
  return null;
}

function fromJson(value: JsonValue): ResponseStatus | null {
  if (value === null) return { kind: "empty", evidence: "null" };
  if (Array.isArray(value)) return value.length ? null : { kind: "empty", evidence: "[]" };
  if (typeof value === "string") return fromText(value);
  if (typeof value !== "object") return null;
  return fromObject(value, 0);
}

function fromText(content: string): ResponseStatus {
  const text = content.trim();
  if (!text) return { kind: "empty", evidence: "empty response" };
  if (EMPTY_TEXT.test(text)) return { kind: "empty", evidence: text.slice(0, 80) };
  const head = text.slice(0, 240);
  if (OPENS_AS_ERROR.test(head)) return classify(head, head.slice(0, 200));
  // Phrases count in a short answer, or in a long one's first sentence.
  const scope = text.length <= 300 ? text : (/^[^.\n]*[.\n]?/.exec(head)?.[0] ?? head);
  const match = ERROR_PHRASE.exec(scope);
  if (match) return classify(scope, scope.slice(Math.max(0, match.index - 60), match.index + 120).trim());
  return { kind: "ok", evidence: text.slice(0, 80) };
}

/** Whether a tool's response reports an error (and of which kind), nothing, or a result. */
export function responseStatus(content: string): ResponseStatus {
  const text = content.trim();
  if (/^[[{"]/.test(text) || text === "null") {
    try {
      const status = fromJson(JSON.parse(text) as JsonValue);
      return status ?? { kind: "ok", evidence: text.slice(0, 80) };
    } catch {
      // Not JSON after all: read it as text.
    }
  }
  return fromText(text);
}

/** Whether a tool's answer rejects its call: what a reference match needs of each response. */
export function isErrorResponse(content: string): boolean {
  return isError(responseStatus(content));
}
