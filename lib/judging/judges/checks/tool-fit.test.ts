import { describe, expect, it } from "vitest";
import { tool } from "./test-fixtures/views";
import { toolWordsOf } from "./tool-fit";

describe("toolWordsOf", () => {
  it("reads a tool's name, description and parameter names into meaningful words", () => {
    const words = toolWordsOf(tool("get_stockPrice", { tickerSymbol: { type: "string" } }, [], "Latest price of a company's stock."));
    expect(words.name).toEqual(["stock", "price"]);
    expect(words.doc).toEqual(["latest", "price", "company", "stock", "ticker", "symbol"]);
  });

  it("gives tools whose texts differ only in where name and description meet their own words", () => {
    const a = toolWordsOf(tool("area_x", {}, [], "circle"));
    const b = toolWordsOf(tool("area", {}, [], "x circle"));
    expect(a.name).toEqual(["area"]);
    expect(b.name).toEqual(["area"]);
    expect(a.doc).toEqual(["circle"]);
    expect(b.doc).toEqual(["circle"]);
    const c = toolWordsOf(tool("area", {}, [], "xcircle"));
    expect(c.doc).toEqual(["xcircle"]);
  });
});
