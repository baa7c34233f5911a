import { HINDSIGHT_ONLY, type Check } from "../check";
import { responseStatus } from "../response-status";

export const toolError: Check = {
  id: "tool-error",
  title: "Tool error",
  severity: "major",
  views: HINDSIGHT_ONLY,
  topics: ["errors"],
  explanation:
    "The tool's response reports an error (error fields, failure status codes, exception text) or returns nothing where data was expected.",
  run(context) {
    if (context.view.mode !== "hindsight") return [];
    const status = responseStatus(context.view.response.message.content);
    if (status.kind === "ok") return [];
    return status.kind === "error"
      ? [{ severity: "major", penalty: 0.7, message: "The tool reported an error.", evidence: status.evidence }]
      : [{ severity: "minor", penalty: 0.3, message: "The tool returned an empty result.", evidence: status.evidence }];
  },
};
