import { isPossibleServerAction, type ActionRequest } from "./cross-site-action";

/**
 * The largest request body a server action takes (next.config.ts gives Next the same number).
 * Forms send a few kilobytes; larger data goes to route handlers that stream it (uploads).
 */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

/** What proxy.ts answers, and what the browser's action call then fails with (isOversizedActionRefusal). */
export const OVERSIZED_ACTION_REFUSAL = "The form sent more than 1 MB, more than any form here takes: shorten what you entered and send it again.";

/**
 * Whether a request is a server action whose declared body is over ACTION_BODY_LIMIT_BYTES. Next
 * would read it up to the limit, then answer a bare 500 that the page cannot tell from any other
 * failure; proxy.ts answers 413 with OVERSIZED_ACTION_REFUSAL instead, before the body is parsed.
 * A body without Content-Length (streamed) is left to Next's own limit.
 */
export function isOversizedAction(request: ActionRequest): boolean {
  if (!isPossibleServerAction(request)) return false;
  const length = Number(request.headers.get("content-length") ?? "");
  return Number.isFinite(length) && length > ACTION_BODY_LIMIT_BYTES;
}

/**
 * Whether a server action call failed because proxy.ts refused its body: Next's client throws
 * the text of a text/plain error answer as the error's message, so a form can answer with its
 * own field's limit instead of failing the page.
 */
export function isOversizedActionRefusal(error: unknown): boolean {
  return error instanceof Error && error.message === OVERSIZED_ACTION_REFUSAL;
}
