import { describe, expect, it } from "vitest";
import { arrivalLabel } from "./arrival-label";

describe("the arrival filter in words", () => {
  it("says an hour as the hour, and a day as the day", () => {
    expect(arrivalLabel("2026-11-29T13:00:00.000Z", "2026-11-29T14:00:00.000Z")).toBe("arrived 29 Nov 2026 13:00–14:00 UTC");
    expect(arrivalLabel("2026-11-29T23:00:00.000Z", "2026-11-30T00:00:00.000Z")).toBe("arrived 29 Nov 2026 23:00–00:00 UTC");
    expect(arrivalLabel("2026-11-29T00:00:00.000Z", "2026-11-30T00:00:00.000Z")).toBe("arrived 29 Nov 2026 (UTC)");
  });

  it("names both days of a range that spans them, and one bound alone", () => {
    expect(arrivalLabel("2026-11-28T13:00:00Z", "2026-11-29T09:30:00Z")).toBe("arrived 28 Nov 2026 13:00 – 29 Nov 2026 09:30 UTC");
    expect(arrivalLabel("2026-11-28T13:00:00+02:00", undefined)).toBe("arrived since 28 Nov 2026 11:00 UTC");
    expect(arrivalLabel(undefined, "2026-11-28T13:00:00Z")).toBe("arrived before 28 Nov 2026 13:00 UTC");
    expect(arrivalLabel(undefined, undefined)).toBeNull();
  });
});
