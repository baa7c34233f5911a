import type { JsonValue } from "@/lib/transcripts/types";

export interface ResponseStatus {
  kind: "ok" | "error" | "empty";
  /** The part of the response that shows it. */
  evidence: string;
}

const ERROR_TEXT = /^\s*(error|exception|traceback|fatal|failed|failure)\b|\b(internal server error|bad request|not found|no such|does not exist|doesn't exist|invalid|unauthori[sz]ed|forbidden|permission denied|access denied|timed? ?out|rate limit(ed)?|too many requests|exception|traceback|stack trace|could not|couldn't|unable to|failed to)\b|\b(status|http)(\s*code)?\s*[:=]?\s*[45]\d\d\b/i;
const EMPTY_TEXT = /^\s*(no (results?|data|matches|records|items)( found)?|nothing found|0 results|none|null|n\/a)\s*\.?\s*$/i;
const ERROR_STATUS = /^(error|failed|failure|fail|exception|denied|invalid)$/i;

function fromJson(value: JsonValue): ResponseStatus | null {
  if (value === null) return { kind: "empty", evidence: "null" };
  if (Array.isArray(value)) return value.length ? null : { kind: "empty", evidence: "[]" };
  if (typeof value !== "object") return null;
  const keys = Object.keys(value);
  if (!keys.length) return { kind: "empty", evidence: "{}" };
  for (const key of keys) {
    const field = value[key];
    const lower = key.toLowerCase();
    const shown = `${key}: ${JSON.stringify(field).slice(0, 120)}`;
    if ((lower === "error" || lower === "errors" || lower === "exception" || lower === "error_message" || lower === "errormessage") && field !== null && field !== false && field !== "" && !(Array.isArray(field) && !field.length)) {
      return { kind: "error", evidence: shown };
    }
    if ((lower === "iserror" || lower === "is_error") && field === true) return { kind: "error", evidence: shown };
    if ((lower === "success" || lower === "ok") && field === false) return { kind: "error", evidence: shown };
    if ((lower === "status" || lower === "statuscode" || lower === "status_code" || lower === "code") && (typeof field === "number" || typeof field === "string")) {
      const numeric = Number(field);
      if (Number.isInteger(numeric) && numeric >= 400 && numeric < 600) return { kind: "error", evidence: shown };
      if (typeof field === "string" && ERROR_STATUS.test(field)) return { kind: "error", evidence: shown };
    }
  }
  for (const key of ["results", "data", "items", "records", "matches", "hits"]) {
    const field = value[key];
    if (keys.length <= 3 && Array.isArray(field) && field.length === 0) return { kind: "empty", evidence: `${key}: []` };
  }
  return null;
}

/** Whether a tool's response reports an error, nothing, or a result. */
export function responseStatus(content: string): ResponseStatus {
  const text = content.trim();
  if (!text) return { kind: "empty", evidence: "empty response" };
  if (/^[[{]/.test(text) || text === "null") {
    try {
      const status = fromJson(JSON.parse(text) as JsonValue);
      return status ?? { kind: "ok", evidence: text.slice(0, 80) };
    } catch {
      // Not JSON after all: read it as text.
    }
  }
  if (EMPTY_TEXT.test(text)) return { kind: "empty", evidence: text.slice(0, 80) };
  const match = ERROR_TEXT.exec(text.slice(0, 300));
  if (match) return { kind: "error", evidence: text.slice(Math.max(0, match.index - 40), match.index + 80).trim() };
  return { kind: "ok", evidence: text.slice(0, 80) };
}
