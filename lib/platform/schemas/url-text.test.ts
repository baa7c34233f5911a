import { describe, expect, it } from "vitest";
import { transcriptListQuerySchema } from "@/lib/transcripts/schemas/transcripts";
import { isCalendarDay, optionalUrlDay, optionalUrlId, optionalUrlText } from "./url-text";

describe("URL text filters", () => {
  it("trim, drop empty values, and drop a value holding a NUL, which PostgreSQL refuses in a parameter", () => {
    expect(optionalUrlText.parse("  search ")).toBe("search");
    expect(optionalUrlText.parse("   ")).toBeUndefined();
    expect(optionalUrlText.parse("a\u0000b")).toBeUndefined();
    expect(optionalUrlText.parse("x".repeat(201))).toBeUndefined();
    expect(optionalUrlId.parse("c1")).toBe("c1");
    expect(optionalUrlId.parse("c\u00001")).toBeUndefined();
  });

  it("keep the transcripts list's other filters when one is bad", () => {
    const query = transcriptListQuerySchema.parse({ model: "gpt\u0000", tool: "search", upload: "\u0000", q: "path\u0000" });
    expect(query.model).toBeUndefined();
    expect(query.upload).toBeUndefined();
    expect(query.tool).toBe("search");
    // The search keeps it: a text holding a NUL then finds nothing (search-literal.db.test.ts).
    expect(query.q).toBe("path\u0000");
  });
});

describe("URL days", () => {
  it("are days of the calendar, leap days included, from 0001-01-01 to 9999-12-31", () => {
    for (const day of ["2026-01-15", "2024-02-29", "2000-02-29", "2026-04-30", "2026-12-31", "0001-01-01", "9999-12-31"]) expect(isCalendarDay(day), day).toBe(true);
    for (const day of ["2026-13-01", "2026-02-30", "2026-02-29", "1900-02-29", "2026-04-31", "2026-00-01", "2026-01-00", "9999-99-99", "0000-00-00", "0000-01-01", "+275760-09-13", "10000-01-01", "2026-1-5", "2026-01-15 ", "2026-01-15\n", "yesterday", ""]) {
      expect(isCalendarDay(day), day).toBe(false);
    }
  });

  it("are absent when bad, like any bad parameter", () => {
    expect(optionalUrlDay.parse("2026-02-28")).toBe("2026-02-28");
    expect(optionalUrlDay.parse("2026-02-30")).toBeUndefined();
    expect(optionalUrlDay.parse(undefined)).toBeUndefined();
    expect(optionalUrlDay.parse(["2026-02-28"])).toBeUndefined();
  });
});
