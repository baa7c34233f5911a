/**
 * The one error type every network judge throws, so the engine can decide whether and when to
 * retry without knowing which SDK or API produced the failure. Judges never retry themselves.
 */

export type JudgeErrorKind = "rate_limit" | "server" | "timeout" | "bad_output" | "auth" | "bad_request" | "network";

export const JUDGE_ERROR_KINDS: readonly JudgeErrorKind[] = ["rate_limit", "server", "timeout", "bad_output", "auth", "bad_request", "network"];

/** Whether trying again later can help, per kind; a judge may override it for one error. */
export const RETRYABLE_BY_DEFAULT: Readonly<Record<JudgeErrorKind, boolean>> = {
  rate_limit: true,
  server: true,
  timeout: true,
  network: true,
  // A model may sample valid output on the next try; an API that answers off-contract will not.
  bad_output: false,
  auth: false,
  bad_request: false,
};

export interface JudgeErrorOptions {
  kind: JudgeErrorKind;
  message: string;
  retryable?: boolean;
  /** How long the server asked us to wait (Retry-After), when it said. */
  retryAfterMs?: number;
  /** HTTP status, when the failure was an HTTP answer. */
  status?: number;
  judgeId?: string;
}

export class JudgeError extends Error {
  override readonly name = "JudgeError";
  readonly kind: JudgeErrorKind;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly status?: number;
  readonly judgeId?: string;

  // No `cause`: SDK errors carry response bodies that may echo credentials, and a cause is
  // printed by util.inspect and most loggers. What a reader needs is in the (redacted) message.
  constructor(options: JudgeErrorOptions) {
    super(options.judgeId ? `${options.judgeId}: ${options.message}` : options.message);
    this.kind = options.kind;
    this.retryable = options.retryable ?? RETRYABLE_BY_DEFAULT[options.kind];
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
    if (options.status !== undefined) this.status = options.status;
    if (options.judgeId !== undefined) this.judgeId = options.judgeId;
  }

  toJSON(): { name: string; kind: JudgeErrorKind; message: string; retryable: boolean; retryAfterMs?: number; status?: number; judgeId?: string } {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      retryable: this.retryable,
      ...(this.retryAfterMs !== undefined ? { retryAfterMs: this.retryAfterMs } : {}),
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.judgeId !== undefined ? { judgeId: this.judgeId } : {}),
    };
  }
}

export function isJudgeError(error: unknown): error is JudgeError {
  return error instanceof JudgeError;
}
