import { describe, expect, it } from "vitest";
import { sortableUuid } from "./sortable-uuid";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("sortableUuid", () => {
  it("is a version 7 UUID that starts with the time it was made", () => {
    const now = Date.UTC(2026, 10, 26, 12, 0, 0);
    const id = sortableUuid(now + 1000);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBeGreaterThanOrEqual(now + 1000);
  });

  it("sorts in creation order, within one millisecond and when the clock steps back", () => {
    const base = Date.now() + 60_000;
    const clock = [...Array(3000).fill(base), ...Array(3000).fill(base + 5), ...Array(3000).fill(base - 100)];
    const ids = clock.map((now) => sortableUuid(now));
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
  });

  it("keeps the millisecond of the wall clock once it moves on", () => {
    const later = Date.now() + 120_000;
    expect(sortableUuid(later).slice(0, 13)).toBe(`${later.toString(16).padStart(12, "0").slice(0, 8)}-${later.toString(16).padStart(12, "0").slice(8)}`);
  });
});
