import { createSafeActionClient } from "next-safe-action";
import type { Action } from "@/lib/accounts/roles";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { AppError } from "@/lib/platform/errors/app-error";
import type { ActionRefusal } from "./action-result";

/** What the person sees when an action failed for a reason nobody wrote a sentence for (a bug): the details go to the server's log. */
export const UNEXPECTED_FAILURE = "Something went wrong on the server. Try again; if it keeps failing, the server's log says why.";

/**
 * A use case's refusal (AppError) as the message to show, beside its field or with the queue to go
 * to; anything else is a bug, logged here and shown as UNEXPECTED_FAILURE, so no stack trace or
 * database detail reaches the browser.
 */
export function refusalOf(error: Error): ActionRefusal {
  if (error instanceof AppError) {
    const { field, queueId } = error.details;
    return { message: error.message, ...(field ? { field } : {}), ...(queueId ? { queueId } : {}) };
  }
  console.error("Server action failed:", error);
  return { message: UNEXPECTED_FAILURE };
}

/**
 * Every server action goes through this client (next-safe-action): it validates the input with the
 * action's schema and answers refusals through refusalOf. Used as is only by the public actions
 * (sign-in, first admin, accepting an invitation), which make their own check; the others use memberAction.
 */
export const actionClient = createSafeActionClient({ handleServerError: refusalOf });

/**
 * The client for actions a signed-in member may take when their role allows `needs`: refuses
 * someone signed out or without the role with the guard's message, before the input is even read,
 * and hands the action the member as `ctx.user`.
 */
export function memberAction(needs: Action) {
  return actionClient.use(async ({ next }) => {
    const allowed = await authorizeAction(needs);
    if (!allowed.ok) throw new AppError(allowed.status === 401 ? "unauthenticated" : "forbidden", allowed.message);
    return next({ ctx: { user: allowed.user } });
  });
}
