/*
 * A monitor's trends go by the hour its transcripts arrived. Transcripts and tool calls are keyed
 * by sortable UUIDs that begin with their creation time in milliseconds (lib/platform/ids/sortable-uuid.ts),
 * so an hour of a run is a range of ids: read on the indexes that start with the run and the id,
 * with no column or index added for it.
 */
import { sortableUuidBound } from "@/lib/platform/ids/sortable-uuid";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

const UUID_TIME = /^([0-9a-f]{8})-([0-9a-f]{4})-7/;

/** The creation time of a sortable UUID, in ms; null for another kind of id. */
export function idTime(id: string): number | null {
  const match = UUID_TIME.exec(id);
  return match ? Number.parseInt(match[1] + match[2], 16) : null;
}

export const floorHour = (ms: number): number => Math.floor(ms / HOUR_MS) * HOUR_MS;
export const floorDay = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** The smallest id made at `ms` or later: ids of [from, to) are those >= idBound(from) and < idBound(to). */
export const idBound = sortableUuidBound;

/** The distinct hours of these ids, oldest first. */
export function hoursOf(ids: Iterable<string>): number[] {
  const hours = new Set<number>();
  for (const id of ids) {
    const ms = idTime(id);
    if (ms !== null) hours.add(floorHour(ms));
  }
  return [...hours].sort((a, b) => a - b);
}
