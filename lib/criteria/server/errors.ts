/** A request that conflicts with stored data; its message is shown to the user as is. */
export class CriterionConflictError extends Error {
  override name = "CriterionConflictError";
}
