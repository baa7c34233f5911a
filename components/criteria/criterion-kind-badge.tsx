const labels: Record<string, { text: string; tone: string }> = {
  reward: { text: "Reward · score", tone: "bg-emerald-100 text-emerald-800" },
  penalize: { text: "Penalize · score", tone: "bg-rose-100 text-rose-800" },
  "passes-if": { text: "Passes if · pass/fail", tone: "bg-sky-100 text-sky-800" },
  "fails-if": { text: "Fails if · pass/fail", tone: "bg-amber-100 text-amber-800" },
};

export function CriterionKindBadge({ kind }: { kind: string }) {
  const label = labels[kind] ?? { text: kind, tone: "bg-slate-100 text-slate-700" };
  return <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${label.tone}`}>{label.text}</span>;
}
