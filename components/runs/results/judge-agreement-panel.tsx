import Link from "next/link";
import { plural } from "@/lib/platform/format";
import { JudgeAgreementTable, type JudgeAgreementView } from "./judge-agreement-table";

interface Props {
  rows: JudgeAgreementView[];
  /** Where to build a review queue from this run; null for people who may not. */
  buildQueueHref: string | null;
  /** The run's disputed calls, for the link under the table. */
  disputedHref: string;
}

/**
 * The run page's "Judge agreement": how people received the run's judge, per criterion, once
 * anyone has reviewed its results; until then, the way to start.
 */
export function JudgeAgreementPanel({ rows, buildQueueHref, disputedHref }: Props) {
  const reviewed = rows.reduce((sum, row) => sum + row.reviewed, 0);
  const disagreed = rows.reduce((sum, row) => sum + row.disagreed, 0);
  return (
    <section aria-labelledby="agreement-heading" className="mt-6" data-testid="judge-agreement">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="agreement-heading" className="text-lg font-semibold">
          Judge agreement
        </h2>
        {reviewed > 0 ? (
          <p className="text-sm text-slate-600">
            {plural(reviewed, "result")} reviewed by people
            {disagreed > 0 ? (
              <>
                {" · "}
                <Link href={disputedHref} className="font-medium text-rose-800 hover:underline">
                  show the disputed calls
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {reviewed === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600" role="status">
          Nobody has reviewed this run&apos;s results yet. Reviews tell how far the judge can be trusted, criterion by criterion.{" "}
          {buildQueueHref ? (
            <Link href={buildQueueHref} className="font-medium text-indigo-700 hover:underline">
              Build a review queue
            </Link>
          ) : (
            "A reviewer can build a review queue from this run."
          )}
        </p>
      ) : (
        <JudgeAgreementTable rows={rows} label="Judge agreement with people, per criterion" />
      )}
    </section>
  );
}
