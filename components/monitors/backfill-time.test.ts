import { describe, expect, it } from "vitest";
import { isoToUtcInput, utcInputToIso } from "./backfill-time";

describe("backfill times", () => {
  it("reads a datetime-local value as UTC", () => {
    expect(utcInputToIso("2026-11-29T13:00")).toBe("2026-11-29T13:00:00Z");
    expect(utcInputToIso("2026-11-29T13:00:30")).toBe("2026-11-29T13:00:30Z");
    expect(utcInputToIso("2026-11-29T13:00:30.5")).toBe("2026-11-29T13:00:30.5Z");
  });

  it("leaves a blank field out and passes anything else on for the server to name", () => {
    expect(utcInputToIso("  ")).toBeUndefined();
    expect(utcInputToIso("yesterday")).toBe("yesterday");
  });

  it("writes a time back in the field's format", () => {
    expect(isoToUtcInput(Date.UTC(2026, 10, 29, 13, 5, 59))).toBe("2026-11-29T13:05");
  });
});
