/**
 * Numbers a text implies rather than states: a quantity in other units ("3 minutes" is 180
 * seconds, "100µF" is 0.0001 F, "5ft 10in" is 70 inches), clock times ("11 PM" is 23), periods
 * ("monthly" is 12 a year, "next week" is 7 days) and multiples of pi. A value matching one is
 * plausible, though less certain than one the text states.
 */

const TIME_FACTORS = new Map<string, number[]>(Object.entries({
  second: [1 / 60, 1 / 3600],
  minute: [60, 1 / 60, 60000],
  hour: [60, 3600, 1 / 24],
  day: [24, 1440, 86400, 1 / 7],
  week: [7, 168, 1 / 52],
  month: [30, 31, 4, 1 / 12],
  year: [12, 365, 52, 1 / 10],
  decade: [10, 120],
  century: [100],
}));
const BARE_PERIODS = new Map<string, number[]>(Object.entries({
  second: [1], minute: [60, 1], hour: [60, 1], day: [24, 1], week: [7, 1], fortnight: [14, 2], month: [30, 1, 4],
  year: [12, 365, 1], decade: [10], century: [100],
  hourly: [24, 1], daily: [365, 1, 24], weekly: [52, 7, 1], biweekly: [26, 14], monthly: [12, 1], quarterly: [4, 3],
  annually: [1], annual: [1], yearly: [1], semiannually: [2], biannually: [2],
}));
// Each spelling of a unit, with the factors to the units it is commonly converted to.
const UNIT_FACTORS = new Map<string, number[]>(
  (
    [
      ["ft feet foot", [12, 0.3048, 30.48]],
      ["in inch inches", [1 / 12, 2.54, 0.0254]],
      ["mi mile miles", [1.609344, 1609.344, 5280]],
      ["km kilometer kilometers kilometre kilometres", [1000, 0.621371, 100000]],
      ["m meter meters metre metres", [100, 1000, 1 / 1000, 3.28084]],
      ["cm centimeter centimeters centimetre centimetres", [1 / 100, 10, 1 / 2.54]],
      ["mm millimeter millimeters millimetre millimetres", [1 / 1000, 1 / 10]],
      ["kg kilogram kilograms kilo kilos", [1000, 2.20462]],
      ["g gram grams", [1 / 1000, 1000]],
      ["lb lbs pound pounds", [0.453592, 16]],
      ["oz ounce ounces", [28.3495, 1 / 16]],
      ["l liter liters litre litres", [1000]],
      ["ml milliliter milliliters millilitre millilitres", [1 / 1000]],
      ["gallon gallons gal", [3.78541]],
      ["ton tons tonne tonnes", [1000]],
      ["kwh", [1000, 3.6e6]],
      ["dozen dozens", [12]],
      ["hundred hundreds", [100]],
    ] as const
  ).flatMap(([spellings, factors]) => spellings.split(" ").map((spelling): [string, number[]] => [spelling, [...factors]])),
);
const SI_PREFIX = new Map<string, number>(Object.entries({ p: 1e-12, n: 1e-9, "µ": 1e-6, "μ": 1e-6, u: 1e-6, m: 1e-3, c: 1e-2, k: 1e3, K: 1e3, M: 1e6, G: 1e9, T: 1e12 }));
// Starts only where a number starts: inside a run of digits every start would rescan the run.
const NUMBER = "((?<!\\d)(?<!\\d[.,])\\d+(?:[.,]\\d+)*)";
// Built once: these run on every text whose numbers a value is compared with.
const CLOCK_TIME = /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)/g;
const DURATION = new RegExp(`${NUMBER}\\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|decades?|century|centuries)\\b`, "g");
const PERIOD = /\b(second|minute|hour|day|week|fortnight|month|year|decade|century|hourly|daily|weekly|biweekly|monthly|quarterly|annually|annual|yearly|semiannually|biannually)\b/g;
const FEET_INCHES = new RegExp(`${NUMBER}\\s*(?:ft|feet|foot|')\\s*(\\d+)\\s*(?:in|inch|inches|")`, "g");
const NUMBER_WORD = new RegExp(`${NUMBER}\\s*([a-z]+)`, "g");

function add(into: Set<number>, value: number): void {
  if (Number.isFinite(value) && value !== 0) into.add(value);
}

function singular(unit: string): string {
  const lower = unit.toLowerCase();
  if (lower === "centuries") return "century";
  if (lower.startsWith("sec")) return "second";
  if (lower.startsWith("min")) return "minute";
  if (lower.startsWith("h")) return "hour";
  return lower.replace(/s$/, "");
}

/** "1,500" -> 1500. */
function num(raw: string): number {
  return Number(raw.replace(/,(?=\d{3})/g, ""));
}

export function convertedNumbers(text: string): Set<number> {
  const found = new Set<number>();
  const lower = text.toLowerCase();

  for (const m of lower.matchAll(CLOCK_TIME)) {
    const hour = (Number(m[1]) % 12) + (m[3].startsWith("p") ? 12 : 0);
    const minutes = m[2] ? Number(m[2]) : 0;
    add(found, hour);
    add(found, hour * 100 + minutes);
    add(found, hour + minutes / 60);
  }
  for (const m of lower.matchAll(DURATION)) {
    const value = num(m[1]);
    for (const factor of TIME_FACTORS.get(singular(m[2])) ?? []) add(found, value * factor);
  }
  for (const m of lower.matchAll(PERIOD)) {
    for (const value of BARE_PERIODS.get(m[1]) ?? []) add(found, value);
  }
  for (const m of lower.matchAll(FEET_INCHES)) {
    add(found, num(m[1]) * 12 + Number(m[2]));
  }
  for (const m of lower.matchAll(NUMBER_WORD)) {
    const factors = UNIT_FACTORS.get(m[2]);
    if (factors) for (const factor of factors) add(found, num(m[1]) * factor);
  }
  // Temperatures both ways between Celsius and Fahrenheit, and to Kelvin.
  for (const m of lower.matchAll(/(-?(?<!\d)\d+(?:\.\d+)?)\s*(?:(?:°|degrees?)\s*)?(c|celsius|f|fahrenheit)\b/g)) {
    const value = Number(m[1]);
    if (m[2].startsWith("c")) [value * 1.8 + 32, value + 273.15].forEach((v) => add(found, v));
    else [(value - 32) / 1.8, (value - 32) / 1.8 + 273.15].forEach((v) => add(found, v));
  }
  // SI prefixes are case-sensitive ("mH" is milli, "MW" mega): read the original text.
  for (const m of text.matchAll(/((?<!\d)\d+(?:\.\d+)?)\s*(p|n|µ|μ|u|m|c|k|K|M|G|T)(F|H|A|V|W|Hz|g|m|s|L|l|Ω|J|N|Pa|C|B|b|Wh)\b/g)) {
    add(found, Number(m[1]) * (SI_PREFIX.get(m[2]) ?? 1));
  }
  // "more than 5 players" is 6 or more, "less than 5 ingredients" 4 or fewer.
  for (const m of lower.matchAll(/\b(more|greater|larger|higher|bigger|over|above|exceeding|less|fewer|lower|smaller|under|below)\s+(?:than\s+)?(\d+)\b/g)) {
    const value = Number(m[2]);
    add(found, /^(less|fewer|lower|smaller|under|below)$/.test(m[1]) ? value - 1 : value + 1);
  }
  for (const m of lower.matchAll(/(?:(?<!\d)(\d+(?:\.\d+)?)\s*(?:\*\s*)?)?(pi|π)\b/g)) {
    add(found, (m[1] ? Number(m[1]) : 1) * Math.PI);
  }
  return found;
}

/** Equality up to the rounding a converted value usually gets (0.2 %). */
export function matchesConverted(value: number, candidates: Iterable<number>): boolean {
  const list = Array.isArray(candidates) ? (candidates as number[]) : [...candidates];
  for (let index = 0; index < list.length; index++) {
    if (Math.abs(value - list[index]) <= Math.abs(list[index]) * 2e-3) return true;
  }
  return false;
}
