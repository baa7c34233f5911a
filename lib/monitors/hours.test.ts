import { describe, expect, it } from "vitest";
import { sortableUuid } from "@/lib/platform/ids/sortable-uuid";
import { floorHour, HOUR_MS, hoursOf, idBound, idTime } from "./hours";

/** A sortable UUID of time `ms`, made by hand: sortableUuid itself never goes back in time within a process. */
function uuidAt(ms: number, tail = "0000-8000-000000000000"): string {
  const hex = ms.toString(16).padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7${tail.slice(1)}`;
}

describe("hours of sortable ids", () => {
  it("reads the time a sortable UUID was made, and nothing from other ids", () => {
    const before = Date.now();
    const id = sortableUuid();
    expect(idTime(id)).toBeGreaterThanOrEqual(before);
    expect(idTime(uuidAt(Date.UTC(2026, 10, 29, 12, 34, 56, 789)))).toBe(Date.UTC(2026, 10, 29, 12, 34, 56, 789));
    expect(idTime("cm3abcdefghijkl")).toBeNull();
  });

  it("bounds an hour's ids by string order", () => {
    const hour = floorHour(Date.UTC(2026, 10, 29, 12, 30));
    const inside = [uuidAt(hour), uuidAt(hour + 1_000, "fff-bfff-ffffffffffff"), uuidAt(hour + HOUR_MS - 1, "fff-bfff-ffffffffffff")];
    const outside = [uuidAt(hour - 1, "fff-bfff-ffffffffffff"), uuidAt(hour + HOUR_MS)];
    for (const id of inside) expect(id >= idBound(hour) && id < idBound(hour + HOUR_MS)).toBe(true);
    for (const id of outside) expect(id >= idBound(hour) && id < idBound(hour + HOUR_MS)).toBe(false);
  });

  it("lists the distinct hours of ids, oldest first", () => {
    const a = Date.UTC(2026, 10, 29, 10, 5);
    const b = Date.UTC(2026, 10, 29, 8, 59);
    expect(hoursOf([uuidAt(a), uuidAt(b), uuidAt(a + 60_000), "other"])).toEqual([floorHour(b), floorHour(a)]);
  });
});
