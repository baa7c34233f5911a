import { describe, expect, it } from "vitest";
import { transcriptListQuerySchema } from "./transcripts";
import { optionalUrlId, optionalUrlText } from "./url-text";

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
    // The search keeps it: a text holding a NUL then finds nothing (search-literal.test.ts).
    expect(query.q).toBe("path\u0000");
  });
});
