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
