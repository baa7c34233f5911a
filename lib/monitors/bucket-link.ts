import { bucketLength, type Granularity } from "./trends";
import type { Dimension } from "./rollup";


export interface BucketRef {
  runId: string;
  criterionId: string;
  /** The bucket's start, ms. */
  t: number;
  granularity: Granularity;
  split: Dimension;
  /** The split's value ("" for all results). */
  value: string;
}

/**
 * The run page showing the failing calls of one trend bucket: the criterion, verdict fail, the
 * calls that arrived in [bucket start, bucket end), and the series' model, service, tag or prompt
 * version when the trend is split: the run page's parameters are named as the splits are.
 */
export function bucketFailuresHref(bucket: BucketRef): string {
  const params = new URLSearchParams({
    criterion: bucket.criterionId,
    verdict: "fail",
    from: new Date(bucket.t).toISOString(),
    to: new Date(bucket.t + bucketLength(bucket.granularity)).toISOString(),
  });
  if (bucket.value && bucket.split) params.set(bucket.split, bucket.value);
  return `/runs/${encodeURIComponent(bucket.runId)}?${params.toString()}`;
}

/** A bucket's start as people read it, in UTC as every date on the site: "2026-11-29 13:00", or "2026-11-29" for a day. */
export function bucketLabel(t: number, granularity: Granularity): string {
  const iso = new Date(t).toISOString();
  return granularity === "day" ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}
