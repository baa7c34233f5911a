import Link from "next/link";
import { formatDateTime } from "@/lib/platform/format";
import { humanSentence, humanTitle, reviewItemHref, type HumanMark } from "@/lib/runs/results/human-mark";
import { REVIEW_STATUS_LABELS } from "@/lib/review/status";

/**
 * A person's review of a judge result, under the judge's own: "Human (Ana): disagree → fail",
 * the label, how settled the review is, and the way to the review item. Dashed and tinted apart
 * from the judge's card so the two are never read as one.
 */
export function HumanReviewLine({ mark }: { mark: HumanMark }) {
  return (
    <div data-testid="human-review" title={humanTitle(mark)} className="mb-2 rounded border border-dashed border-indigo-300 bg-indigo-50 px-2 py-1.5 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className={`font-medium ${mark.overturned ? "text-rose-800" : "text-indigo-900"}`}>{humanSentence(mark)}</span>
        {mark.label ? <span className="rounded bg-white px-1.5 py-0.5 text-xs text-slate-700 ring-1 ring-slate-300">{mark.label}</span> : null}
        {mark.overturned ? <span className="text-xs font-semibold text-rose-800">overturns the judge</span> : null}
      </p>
      <p className="mt-0.5 text-xs text-slate-600">
        Review status: {REVIEW_STATUS_LABELS[mark.status]}
        {mark.verdictAt ? ` · ${formatDateTime(new Date(mark.verdictAt))}` : ""} ·{" "}
        <Link href={reviewItemHref(mark)} className="text-indigo-700 underline">
          Open the review item
        </Link>
      </p>
    </div>
  );
}
