import Link from "next/link";
import type { TranscriptMetadata } from "@/lib/runs/results/run-call-row";
import { OutcomeBadge } from "./outcome-badge";

const list = (params: Record<string, string>) => `/transcripts?${new URLSearchParams(params).toString()}`;
const link = "text-indigo-700 hover:underline";

/** A transcript's model, task, tags and outcome, each a link to the transcripts that share it; nothing when it has none. */
export function MetadataSummary({ fields }: { fields: TranscriptMetadata }) {
  const { model, taskId, trial, tags, reward, success } = fields;
  if (model === null && taskId === null && trial === null && tags.length === 0 && reward === null && success === null) return null;
  return (
    <dl aria-label="Metadata" className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
      {taskId !== null ? (
        <div className="flex gap-2">
          <dt className="text-slate-500">Task</dt>
          <dd>
            <Link href={list({ task: taskId })} className={`${link} font-mono text-xs`}>
              {taskId}
            </Link>
            {trial !== null ? <span className="text-slate-500"> · trial {trial}</span> : null}
          </dd>
        </div>
      ) : null}
      {model !== null ? (
        <div className="flex gap-2">
          <dt className="text-slate-500">Model</dt>
          <dd>
            <Link href={list({ model })} className={`${link} font-mono text-xs`}>
              {model}
            </Link>
          </dd>
        </div>
      ) : null}
      {tags.length > 0 ? (
        <div className="flex gap-2">
          <dt className="text-slate-500">Tags</dt>
          <dd className="flex flex-wrap gap-1">
            {tags.map((tag) => (
              <Link key={tag} href={list({ tag })} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 hover:bg-slate-200">
                {tag}
              </Link>
            ))}
          </dd>
        </div>
      ) : null}
      {success !== null || reward !== null ? (
        <div className="flex gap-2">
          <dt className="text-slate-500">Outcome</dt>
          <dd>
            <OutcomeBadge success={success} reward={reward} />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
