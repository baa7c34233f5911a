import type { CurrentUser } from "@/lib/accounts/server/current-user";
import type { HeaderReader } from "@/lib/judging/api/http/api-key";
import type { SerializedReply } from "@/lib/judging/engine/checks-thread-protocol";
import type { EvalEndpoint } from "@/lib/judging/api/evaluate-request";

/** A live check the live-check server answered, as the hook sees it once the answer is sent. */
export interface AnsweredCheck {
  endpoint: EvalEndpoint;
  /** Path and query as sent (`?monitor=<id>` will name the monitor a check is recorded into). */
  url: string;
  /** Its headers (`x-callboard-monitor` likewise). */
  headers: HeaderReader;
  /** Whose token it carried. */
  user: CurrentUser;
  /** The request body as received (JSON, not parsed here: the judging thread parsed it), or null when it was not read whole. */
  body: Uint8Array | null;
  /** When the request arrived (Date.now()). */
  receivedAt: number;
}

/**
 * Called after each answer of the live-check server is sent, never before: whatever it does
 * (recording the check into a monitor's run, in batches) adds nothing to the check's latency.
 * It must not throw or reject (an error is logged and dropped) and should hand slow work on
 * rather than hold it: calls come a thousand a second.
 */
export type OnAnswered = (check: AnsweredCheck, reply: SerializedReply) => void | Promise<void>;

/** The default: nothing is recorded. */
export const recordNothing: OnAnswered = () => {};
