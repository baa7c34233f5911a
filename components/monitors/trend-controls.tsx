import Link from "next/link";

interface Props {
  /** The monitor page's path. */
  path: string;
  granularity: "hour" | "day";
  split: string;
  /** The values each split takes in the period: a split with none is not offered. */
  splits: Record<string, string[]>;
}

const SPLIT_LABELS: Record<string, string> = { "": "None", model: "Model", service: "Service", tag: "Tag", prompt: "Prompt version" };

function hrefOf(path: string, by: string, split: string): string {
  const params = new URLSearchParams();
  if (by !== "hour") params.set("by", by);
  if (split) params.set("split", split);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const tab = (active: boolean) => `rounded-md px-2.5 py-1 text-sm ${active ? "bg-slate-900 text-white" : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-100"}`;

/** The period (48 hours by the hour, or 30 days by the day) and the split, as links: a view is a URL. */
export function TrendControls({ path, granularity, split, splits }: Props) {
  const offered = Object.keys(SPLIT_LABELS).filter((key) => key === "" || key === split || (splits[key]?.length ?? 0) > 0);
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
      <nav aria-label="Period" className="flex flex-wrap items-center gap-1">
        <span className="mr-1 text-sm text-slate-600">Period</span>
        <Link href={hrefOf(path, "hour", split)} aria-current={granularity === "hour" ? "page" : undefined} className={tab(granularity === "hour")}>
          48 hours, by hour
        </Link>
        <Link href={hrefOf(path, "day", split)} aria-current={granularity === "day" ? "page" : undefined} className={tab(granularity === "day")}>
          30 days, by day
        </Link>
      </nav>
      <nav aria-label="Split by" className="flex flex-wrap items-center gap-1">
        <span className="mr-1 text-sm text-slate-600">Split by</span>
        {offered.map((key) => (
          <Link key={key} href={hrefOf(path, granularity, key)} aria-current={split === key ? "page" : undefined} className={tab(split === key)}>
            {SPLIT_LABELS[key]}
          </Link>
        ))}
      </nav>
    </div>
  );
}
