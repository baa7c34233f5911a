import { isError, responseStatus } from "@/lib/judging/judges/checks/response-status";
import { prettyJson } from "@/lib/transcripts/conversation";

/**
 * A tool's response, styled by what it says: a failure (`404 ORDER_NOT_FOUND`, `{"error": …}`,
 * a timeout) in red with its kind named, so it never sits in the same green box as a success.
 * The reading is the built-in judge's own, so the page and the verdicts agree on what failed.
 */
export function ResponseBody({ content }: { content: string }) {
  const status = responseStatus(content);
  const failed = isError(status);
  const text = prettyJson(content) ?? content;
  return (
    <div data-response={failed ? "error" : status.kind}>
      {failed ? (
        <p className="mb-1 text-xs font-semibold text-rose-800">
          {status.kind === "transient" ? "Failed (a temporary error, not the call’s fault)" : "Error: the tool refused the call"}
        </p>
      ) : status.kind === "empty" ? (
        <p className="mb-1 text-xs text-slate-600">Empty result</p>
      ) : null}
      {/* Focusable, so that keyboard users can scroll a long response too. */}
      <pre
        tabIndex={0}
        role="region"
        aria-label="Response text"
        className={`max-h-80 overflow-auto whitespace-pre-wrap break-words rounded p-2 font-mono text-xs ${failed ? "border border-rose-300 bg-rose-50 text-rose-950" : "bg-emerald-50"}`}
      >
        {text}
      </pre>
    </div>
  );
}
