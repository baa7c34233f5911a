import { describe, expect, it } from "vitest";
import { isWellKnownConstant } from "./constants";
import { convertedNumbers, matchesConverted } from "./conversions";
import { datesInText, parseDateValue, sameDate } from "./dates";
import { matchesNumber, numberMentions, numbersInText, parseNumeric } from "./numbers";
import { editDistance as referenceDistance } from "@/lib/criteria/suggest";
import { editDistance } from "./edit-distance";
import { WordSet, fold, phraseText, splitIdentifiers, stem, tokens } from "./words";

describe("words", () => {
  it("folds case and accents and splits identifiers", () => {
    expect(fold("Café Zürich")).toBe("cafe zurich");
    expect(splitIdentifiers("getWeather_forecast.v2")).toBe("get Weather forecast v2");
    expect(splitIdentifiers("HTTPServer-status/code:v1")).toBe("HTTP Server status code v1");
    expect(splitIdentifiers("plain words only")).toBe("plain words only");
    expect(tokens("New-York, 3.5 km!")).toEqual(["new", "york", "3.5", "km"]);
    expect(phraseText("Hello,  World")).toBe(" hello world ");
  });

  it("stems inflections, irregular plurals included", () => {
    expect(stem("triangles")).toBe(stem("triangle"));
    expect(stem("cities")).toBe("city");
    expect(stem("women")).toBe(stem("woman"));
  });

  it("matches words loosely and short forms of words", () => {
    const set = new WordSet(["calculation", "statistics", "areas"]);
    expect(set.has("calculated")).toBe(true);
    expect(set.has("area")).toBe(true);
    expect(set.has("circle")).toBe(false);
    expect(set.hasShortForm("stats")).toBe(true);
    expect(set.hasShortForm("calc")).toBe(true);
    expect(set.hasShortForm("sta")).toBe(true);
    expect(set.hasShortForm("xyz")).toBe(false);
  });
});

describe("numbers", () => {
  it("parses numeric strings with separators and currency", () => {
    expect(parseNumeric("$20,000")).toBe(20000);
    expect(parseNumeric("-3.5")).toBe(-3.5);
    expect(parseNumeric("1e-9")).toBe(1e-9);
    expect(parseNumeric("abc")).toBeNull();
  });

  it("finds every reading of the numbers a text writes", () => {
    const found = numbersInText("Invest $5,000 at 7% for five years, then 2.5 million and 1/4 and twenty-one");
    for (const value of [5000, 7, 0.07, 5, 2.5, 2500000, 0.25, 21]) expect(found.has(value), String(value)).toBe(true);
    expect(found.has(500)).toBe(false);
  });

  it("multiplies dozens", () => {
    expect(numbersInText("two dozen eggs").has(24)).toBe(true);
    expect(numbersInText("2 dozen eggs").has(24)).toBe(true);
  });

  it("keeps each mention's readings together", () => {
    expect(numberMentions("rate of 5% over 10 years")).toEqual([[5, 0.05], [10]]);
  });

  it("does not read a hyphen between words as a minus sign", () => {
    expect(numbersInText("covid-19 cases").has(-19)).toBe(false);
    expect(numbersInText("from x = -2").has(-2)).toBe(true);
  });

  it("compares up to floating-point noise", () => {
    expect(matchesNumber(0.1 + 0.2, [0.3])).toBe(true);
    expect(matchesNumber(0.31, [0.3])).toBe(false);
  });
});

describe("conversions", () => {
  it("converts units, periods, clock times, comparatives and pi", () => {
    const found = convertedNumbers("3 minutes, 2 hours, 11 PM, 5ft 10in, 100µF, more than 5 players, 2 pi, monthly");
    for (const value of [180, 120, 23, 70, 0.0001, 6, 2 * Math.PI, 12]) expect(matchesConverted(value, found), String(value)).toBe(true);
  });
});

describe("dates", () => {
  it("reads written and numeric dates", () => {
    expect(datesInText("on March 10th, 2022")).toContainEqual({ month: 3, day: 10, year: 2022 });
    expect(datesInText("on 15th October 2023")).toContainEqual({ day: 15, month: 10, year: 2023 });
    expect(datesInText("closing March.11, 2022")).toContainEqual({ month: 3, day: 11, year: 2022 });
  });

  it("compares a value's date with a mentioned one part by part", () => {
    const [value] = parseDateValue("2022-03-10");
    expect(sameDate(value, { month: 3, day: 10 })).toBe(true);
    expect(sameDate(value, { month: 3, day: 11, year: 2022 })).toBe(false);
    expect(parseDateValue("Paris")).toEqual([]);
  });
});

describe("constants", () => {
  it("knows common physical constants, rounded or not", () => {
    expect(isWellKnownConstant(9.81)).toBe(true);
    expect(isWellKnownConstant(8.854e-12)).toBe(true);
    expect(isWellKnownConstant(22)).toBe(false);
  });
});

describe("editDistance", () => {
  it("gives the same distances as the criteria suggester's, long strings included", () => {
    const words = ["", "a", "kitten", "sitting", "get_weather", "getWeather", "get_forecast", "x".repeat(70), "y".repeat(3) + "x".repeat(80), "Café"];
    for (const a of words) for (const b of words) expect(editDistance(a, b), `${a} / ${b}`).toBe(referenceDistance(a, b));
  });
});
