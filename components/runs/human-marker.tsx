import { humanBadgeText, humanTitle, type HumanMark } from "@/lib/runs/results/human-mark";

/** Outlined, never filled like the judge's badges, and tinted by what people stand behind. */
function tone(mark: HumanMark): string {
  if (mark.verdict === "discuss" || mark.passed === null) return "border-slate-400 text-slate-700";
  return mark.passed ? "border-emerald-600 text-emerald-800" : "border-rose-600 text-rose-800";
}

/** A head and shoulders: a person said this, not the judge. */
function PersonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3 w-3 fill-current">
      <circle cx="8" cy="5" r="3" />
      <path d="M2 15c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5z" />
    </svg>
  );
}

/**
 * A person's verdict on one result, placed right after the judge's badge: a person icon and
 * "fail", outlined in the colour of the corrected verdict, bold when it overturns the judge. The
 * title and the screen-reader text say in words that a person gave it, and what they said.
 */
export function HumanMarker({ mark }: { mark: HumanMark }) {
  const title = humanTitle(mark);
  return (
    <span
      title={title}
      data-testid="human-marker"
      className={`inline-flex items-center gap-0.5 rounded border border-dashed bg-white px-1 py-px text-xs tabular-nums ${tone(mark)} ${mark.overturned ? "font-semibold" : ""}`}
    >
      <PersonIcon />
      <span aria-hidden="true">{humanBadgeText(mark)}</span>
      <span className="sr-only">{title}</span>
    </span>
  );
}
