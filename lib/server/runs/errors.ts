export type RunErrorCode = "not-found" | "invalid-state" | "empty-selection" | "unknown-criteria";

/** A run use case refused: the message is written for the person who asked, and the code lets actions map it. */
export class RunError extends Error {
  override name = "RunError";

  constructor(
    readonly code: RunErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Options for run transactions. Creating a large run writes many rows; and in one process the
 * SQLite adapter runs transactions one after another, so a writer may wait behind the worker.
 */
export const RUN_TRANSACTION = { maxWait: 15_000, timeout: 120_000 } as const;
