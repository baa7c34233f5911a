/**
 * Who may do what. Every page, server action and API route asks `can(role, action)` on the
 * server (through lib/accounts/server/guard.ts); the UI asks too, but only to hide what would be refused.
 */
export const roles = ["admin", "reviewer", "viewer"] as const;
export type Role = (typeof roles)[number];

export const actions = [
  /** See transcripts, criteria, runs, results, reviews and exports. */
  "read",
  /** Import transcripts (browser, API, CLI --save). */
  "upload",
  /** Create, edit and archive criteria. */
  "edit-criteria",
  /** Start, cancel and retry runs; evaluate through /api/v1/evals. */
  "run",
  /** Build review queues from a run. */
  "build-queue",
  /** Claim, assign, give verdicts and labels, change an item's status. */
  "review",
  /** Write comments and edit one's own. */
  "comment",
  /** Edit the set of review labels. */
  "edit-labels",
  /** Invite people, change roles, remove members. */
  "manage-members",
  /** Create and revoke one's own API tokens. */
  "manage-own-tokens",
] as const;
export type Action = (typeof actions)[number];

const granted: Record<Role, ReadonlySet<Action>> = {
  admin: new Set(actions),
  reviewer: new Set<Action>(["read", "upload", "edit-criteria", "run", "build-queue", "review", "comment", "manage-own-tokens"]),
  // A viewer may hold a token so CI can read results, but the token can do no more than they can.
  viewer: new Set<Action>(["read", "manage-own-tokens"]),
};

export function can(role: Role, action: Action): boolean {
  return granted[role].has(action);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (roles as readonly string[]).includes(value);
}

export const roleDescriptions: Record<Role, string> = {
  admin: "Everything, plus members, labels and settings.",
  reviewer: "Upload, run evaluations, review and comment.",
  viewer: "Read only.",
};
