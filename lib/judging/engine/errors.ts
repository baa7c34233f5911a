/**
 * What the engine needs to know about a failed judge call. Network judges throw `JudgeError`
 * (kind, retryable, retryAfterMs); the engine reads those fields structurally so that it works
 * with any judge that follows the same shape, and treats every other error as permanent.
 */
export interface RetryableErrorLike {
  retryable: boolean;
  retryAfterMs?: number;
  kind?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export function asRetryable(error: unknown): RetryableErrorLike | null {
  if (!isObject(error) || typeof error.retryable !== "boolean") return null;
  const retryAfterMs = typeof error.retryAfterMs === "number" && Number.isFinite(error.retryAfterMs) && error.retryAfterMs >= 0 ? error.retryAfterMs : undefined;
  const kind = typeof error.kind === "string" ? error.kind : undefined;
  return { retryable: error.retryable, retryAfterMs, kind };
}

export function isRetryable(error: unknown): boolean {
  return asRetryable(error)?.retryable === true;
}

/** The error's kind as the judge classified it; "internal" for anything a judge did not classify (a bug, not the provider). */
export function errorKind(error: unknown): string {
  return asRetryable(error)?.kind ?? "internal";
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
