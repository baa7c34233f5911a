import type { CurrentUser } from "@/lib/accounts/server/current-user";

/**
 * Options for review transactions. In one process the SQLite adapter runs transactions one after
 * another, so a reviewer's write may wait behind the worker; maxWait covers that queue.
 */
export const REVIEW_TRANSACTION = { maxWait: 15_000, timeout: 30_000 } as const;

/** Who makes a change: the signed-in user, of whom the services need only the id. */
export type ReviewActor = Pick<CurrentUser, "id">;
