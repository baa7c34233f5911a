/** A transcript's tags as small chips; nothing when it has none. */
export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <span className="flex flex-wrap gap-1" title={tags.join(", ")}>
      {tags.map((tag) => (
        <span key={tag} className="max-w-[10rem] truncate rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
          {tag}
        </span>
      ))}
    </span>
  );
}
