/** Whether a criterion judges each tool call or the agent over a whole transcript. */
export function CriterionScopeBadge({ scope }: { scope: string }) {
  const agent = scope === "agent";
  return (
    <span
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${agent ? "bg-violet-100 text-violet-800" : "bg-slate-100 text-slate-700"}`}
      title={agent ? "Judged once per transcript, on the whole transcript" : "Judged on every tool call"}
    >
      {agent ? "Agent · per transcript" : "Tool call"}
    </span>
  );
}
