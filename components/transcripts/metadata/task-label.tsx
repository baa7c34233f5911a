/** Task id and trial, as one short muted line: what tells apart transcripts that share a name. */
export function TaskLabel({ taskId, trial }: { taskId: string | null; trial: string | null }) {
  if (taskId === null && trial === null) return <span className="text-slate-400">—</span>;
  const text = [taskId, trial === null ? null : `trial ${trial}`].filter(Boolean).join(" · ");
  return (
    <span className="block truncate font-mono text-xs text-slate-600" title={text}>
      {text}
    </span>
  );
}
