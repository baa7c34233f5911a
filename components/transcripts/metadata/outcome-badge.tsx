/** A transcript's outcome from its metadata: success or failure, with the reward when there is one. */
export function OutcomeBadge({ success, reward }: { success: boolean | null; reward: number | null }) {
  const rewardText = reward === null ? null : formatReward(reward);
  if (success === null) return <span className="text-slate-600">{rewardText ?? "—"}</span>;
  return (
    <span
      title={rewardText === null ? "From the metadata's success flag" : `Reward ${rewardText}`}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${success ? "bg-emerald-100 text-emerald-800" : "bg-rose-100 text-rose-800"}`}
    >
      {success ? "Success" : "Failure"}
      {rewardText === null ? null : <span className="tabular-nums opacity-80">{rewardText}</span>}
    </span>
  );
}

export function formatReward(reward: number): string {
  return Number.isInteger(reward) ? String(reward) : reward.toFixed(2);
}
