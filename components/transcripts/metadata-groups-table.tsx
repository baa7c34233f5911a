import { formatPercent, plural } from "@/lib/platform/format";
import Link from "next/link";
import { formatReward } from "@/components/transcripts/metadata/outcome-badge";
import type { MetadataGroup } from "@/lib/transcripts/metadata-groups";

interface Props {
  /** What the groups are of, as a column header: "Model", "Task", … */
  label: string;
  groups: MetadataGroup[];
  more: number;
  /** The list filtered to one group, or null when the group cannot be a filter (no value). */
  hrefFor: (key: string) => string | null;
  /** A key as people read it ("success" → "Success"). */
  display?: (key: string) => string;
}

const percent = (rate: number | null) => formatPercent(rate, "—");

/** Transcripts grouped by a metadata field, each group with its outcome counts and a link to its transcripts. */
export function MetadataGroupsTable({ label, groups, more, hrefFor, display = (key) => key }: Props) {
  return (
    <div className="mb-4 relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-sm" aria-label={`Transcripts by ${label.toLowerCase()}`}>
        <thead className="bg-slate-50 text-left text-xs text-slate-600 uppercase">
          <tr>
            <th className="px-3 py-2">{label}</th>
            <th className="px-3 py-2 text-right">Transcripts</th>
            <th className="px-3 py-2 text-right">Successes</th>
            <th className="px-3 py-2 text-right">Failures</th>
            <th className="px-3 py-2 text-right">Success rate</th>
            <th className="px-3 py-2 text-right">Mean reward</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => {
            const href = group.key === null ? null : hrefFor(group.key);
            const name = group.key === null ? <span className="text-slate-500 italic">None</span> : display(group.key);
            return (
              <tr key={group.key ?? ""} className="border-t border-slate-100">
                <td className="px-3 py-1.5 font-mono text-xs">
                  {href ? (
                    <Link href={href} className="text-indigo-700 hover:underline">
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </td>
                <td className="px-3 py-1.5 text-right tabular-nums">{group.transcripts}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{group.successes}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{group.failures}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{percent(group.successRate)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{group.meanReward === null ? "—" : formatReward(group.meanReward)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {more > 0 ? <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">{plural(more, "smaller group")} not shown.</p> : null}
    </div>
  );
}
