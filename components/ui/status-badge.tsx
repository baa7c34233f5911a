const tones: Record<string, string> = {
  done: "bg-emerald-100 text-emerald-800",
  running: "bg-sky-100 text-sky-800",
  pending: "bg-slate-100 text-slate-700",
  cancelled: "bg-amber-100 text-amber-800",
  error: "bg-rose-100 text-rose-800",
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tones[status] ?? tones.pending}`}>{status}</span>;
}
