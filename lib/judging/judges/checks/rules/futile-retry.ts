import { BOTH_VIEWS, type Check, type CheckHit } from "../check";
import { sameArguments } from "../canonical";
import { responseStatus } from "../response-status";
import { toolKind } from "../tool-kind";

export const futileRetry: Check = {
  id: "futile-retry",
  title: "Futile retry",
  severity: "major",
  views: BOTH_VIEWS,
  topics: ["errors", "redundancy", "repeated-read"],
  explanation: "The call repeats, with the same arguments, an earlier call the tool rejected (not found, invalid, not allowed): it can only fail the same way. A retry after a transient failure (a timeout, a rate limit) is not flagged.",
  run(context) {
    const hits: CheckHit[] = [];
    for (const earlier of context.earlierCalls) {
      if (earlier.sibling || earlier.call.function.name !== context.call.toolName) continue;
      if (!sameArguments(context.call.rawArguments, earlier.call.function.arguments)) continue;
      const response = context.responseTo(earlier);
      if (!response) continue;
      const status = responseStatus(response.content ?? "");
      if (status.kind !== "rejected") continue;
      hits.push({
        severity: "major",
        penalty: 0.6,
        message: `Retries ${context.call.toolName} with the same arguments after it failed (call ${earlier.call.id}).`,
        evidence: `earlier error: ${status.evidence}`,
        // A retried change is not a repeated lookup.
        topics: context.tool && toolKind(context.tool).changesState ? ["errors", "redundancy"] : ["errors", "redundancy", "repeated-read"],
      });
      break;
    }
    return hits;
  },
};
