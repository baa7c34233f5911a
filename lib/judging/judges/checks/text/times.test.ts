import { describe, expect, it } from "vitest";
import { datesInText } from "./dates";
import { parseTimeValue, timesInText } from "./times";

describe("times", () => {
  it.each([
    ["23:00", 23 * 60],
    ["11pm", 23 * 60],
    ["11 PM", 23 * 60],
    ["7:30 a.m.", 7 * 60 + 30],
    ["T09:15:00Z", 9 * 60 + 15],
    ["12 am", 0],
    ["Paris", null],
    ["25:00", null],
  ])("reads the value %j", (value, expected) => {
    expect(parseTimeValue(value)).toBe(expected);
  });

  it("reads times in text, with every reading an ambiguous one allows", () => {
    expect(timesInText("Book it for 11 PM please")).toEqual([23 * 60]);
    expect(timesInText("at 7:30 in the evening")).toEqual(expect.arrayContaining([19 * 60 + 30]));
    expect(timesInText("around noon")).toEqual([12 * 60]);
    expect(timesInText("a haircut on March 15th at 2 in the afternoon")).toEqual([14 * 60]);
    expect(timesInText("set a new alarm for 5 in the afternoon")).toEqual([17 * 60]);
    expect(timesInText("We have 3 rooms")).toEqual([]);
  });

  it("dates written with 'the' are dates", () => {
    expect(datesInText("on Apr the 5th")).toEqual([{ month: 4, day: 5, year: undefined }]);
    expect(datesInText("the 5th of April, 2023")).toEqual(expect.arrayContaining([{ day: 5, month: 4, year: 2023 }]));
  });
});
