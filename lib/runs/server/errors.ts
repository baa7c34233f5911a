/**
 * Options for run transactions. Creating a large run writes many rows; and in one process the
 * SQLite adapter runs transactions one after another, so a writer may wait behind the worker.
 */
export const RUN_TRANSACTION = { maxWait: 15_000, timeout: 120_000 } as const;
