/**
 * Why a use case refused, and the HTTP status that says so: one table for every feature. Services
 * throw an AppError with a message written for the person who asked; route handlers answer it with
 * `httpStatus`, actions through the action client's handleServerError (lib/platform/actions/action-client.ts).
 */
const STATUS = {
  /** A value the person can correct, named by `field` in a form or `path` in a request. */
  "invalid-input": 422,
  /** The run, queue, item, criterion, member, token or invitation does not exist. */
  "not-found": 404,
  /** The request does not fit the current state (a verdict that does not fit its criterion, a finished run…). */
  "invalid-state": 409,
  /** Another write got there first, or the thing already exists (a label name, a criterion's text, an account). */
  conflict: 409,
  /** Someone else holds the review item's lock. */
  locked: 409,
  /** The rows say no to this person (someone else's comment, the last admin, oneself). */
  "not-allowed": 403,
  /** The person's role may not do this. */
  forbidden: 403,
  /** Wrong credentials, or an account that was removed. */
  unauthenticated: 401,
  /** Too many wrong passwords: a sign-in lock. */
  "too-many-attempts": 429,
  /** A review queue's filter matched no result that is not already queued. */
  "nothing-matched": 422,
  /** A run's selection holds no tool call. */
  "empty-selection": 422,
  /** A run names criteria or transcripts that do not exist, or criteria it cannot use. */
  "unknown-criteria": 422,
  "unknown-transcripts": 422,
  "invalid-criterion": 422,
  "archived-criterion": 422,
  /** The chosen judge has no key or address on this server. */
  "judge-not-configured": 422,
} as const satisfies Record<string, 401 | 403 | 404 | 409 | 422 | 429>;

export type AppErrorCode = keyof typeof STATUS;

export interface AppErrorDetails {
  /** The form field the message belongs beside. */
  field?: string;
  /** Where in a JSON request the problem is (`criteria[1]`), when it is in one place. */
  path?: string;
  /** Where to go instead: the review queue that already holds what was asked for. */
  queueId?: string;
}

export class AppError extends Error {
  override name = "AppError";

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
  }
}

/** The status a route answers a refusal with: the request was understood, but cannot be done. */
export function httpStatus(error: AppError): 401 | 403 | 404 | 409 | 422 | 429 {
  return STATUS[error.code];
}
