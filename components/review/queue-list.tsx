import Link from "next/link";
import { ProgressBar } from "@/components/runs/progress-bar";
import { formatWhen } from "./time";

export interface QueueListRow {
  id: string;
  name: string;
  runId: string;
  runName: string;
  filterSummary: string;
  createdBy: string;
  createdAt: string;
  counts: { open: number; inReview: number; done: number; total: number };
}

/** The review queues, newest first, each with how far its reviewers have got. */
export function QueueList({ queues }: { queues: QueueListRow[] }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label="Review queues">
        <thead className="bg-slate-50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium text-slate-700">Queue</th>
            <th scope="col" className="px-3 py-2 font-medium text-slate-700">Run</th>
            <th scope="col" className="px-3 py-2 font-medium text-slate-700">Built from</th>
            <th scope="col" className="px-3 py-2 font-medium text-slate-700">Progress</th>
            <th scope="col" className="px-3 py-2 font-medium text-slate-700">Created</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {queues.map((queue) => (
            <tr key={queue.id} className="hover:bg-slate-50">
              <td className="px-3 py-2 align-top">
                <Link href={`/review/${queue.id}`} className="font-medium text-indigo-700 hover:underline">
                  {queue.name}
                </Link>
              </td>
              <td className="px-3 py-2 align-top">
                <Link href={`/runs/${queue.runId}`} className="text-indigo-700 hover:underline">
                  {queue.runName}
                </Link>
              </td>
              <td className="px-3 py-2 align-top text-slate-700">{queue.filterSummary}</td>
              <td className="w-56 px-3 py-2 align-top">
                <ProgressBar fraction={queue.counts.total ? queue.counts.done / queue.counts.total : 0} label={`Progress of ${queue.name}`} />
                <span className="mt-1 block text-xs tabular-nums text-slate-600">
                  {queue.counts.done} of {queue.counts.total} done · {queue.counts.inReview} in review · {queue.counts.open} open
                </span>
              </td>
              <td className="px-3 py-2 align-top text-xs text-slate-600">
                {formatWhen(queue.createdAt)}
                <span className="block">by {queue.createdBy}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
