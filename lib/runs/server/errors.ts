export type RunErrorCode =
  | "not-found"
  | "invalid-state"
  | "empty-selection"
  | "unknown-criteria"
  | "unknown-transcripts"
  | "invalid-criterion"
  | "archived-criterion"
  | "judge-not-configured"
  | "forbidden";

/** A run use case refused: the message is written for the person who asked, and the code lets actions map it. */
export class RunError extends Error {
  override name = "RunError";

  constructor(
    readonly code: RunErrorCode,
    message: string,
    /** Where in the request the problem is, in JSON notation (`criteria[1]`), when it is in one place. */
    readonly path?: string,
  ) {
    super(message);
  }
}

const STATUS: Record<RunErrorCode, 403 | 404 | 409 | 422> = {
  "not-found": 404,
  "invalid-state": 409,
  "empty-selection": 422,
  "unknown-criteria": 422,
  "unknown-transcripts": 422,
  "invalid-criterion": 422,
  "archived-criterion": 422,
  "judge-not-configured": 422,
  forbidden: 403,
};

/** The HTTP status a route answers a refusal with: the request was well formed, but cannot be done. */
export function runErrorStatus(error: RunError): 403 | 404 | 409 | 422 {
  return STATUS[error.code];
}

/**
 * Options for run transactions. Creating a large run writes many rows; and in one process the
 * SQLite adapter runs transactions one after another, so a writer may wait behind the worker.
 */
export const RUN_TRANSACTION = { maxWait: 15_000, timeout: 120_000 } as const;
