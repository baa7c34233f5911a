import { HINDSIGHT_ONLY, type Check } from "../check";
import { responseStatus } from "../response-status";

export const toolError: Check = {
  id: "tool-error",
  title: "Tool error",
  severity: "major",
  views: HINDSIGHT_ONLY,
  // A rejection is also evidence against the call's choice of tool or arguments; see run().
  topics: ["errors", "tool-selection", "parameter-accuracy"],
  explanation:
    "The tool's response reports an error (error fields, failure status codes, error text at its start). A rejection (not found, invalid, not allowed) also counts against the call's tool and arguments, since the call as made did not work; a transient failure (timeout, rate limit, server error) counts only as an error.",
  run(context) {
    if (context.view.mode !== "hindsight") return [];
    const status = responseStatus(context.view.response.message.content);
    switch (status.kind) {
      case "ok":
        return [];
      case "rejected":
        return [{ severity: "major", penalty: 0.7, message: "The tool rejected the call.", evidence: status.evidence }];
      case "transient":
        return [{ severity: "major", penalty: 0.6, message: "The tool failed for a reason outside the call (a timeout, a rate limit or a server error).", evidence: status.evidence, topics: ["errors"] }];
      case "empty":
        return [{ severity: "minor", penalty: 0.15, message: "The tool returned an empty result.", evidence: status.evidence, topics: ["errors"] }];
    }
  },
};
