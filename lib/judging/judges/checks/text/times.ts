/**
 * Clock times as people write them and as APIs expect them, in minutes after midnight: "11 PM",
 * "23:00" and "11pm" are the same time. A time written without AM or PM ("7:30") may be either.
 */

const MERIDIEM_TIME = /\b(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?![a-z])/gi;
const CLOCK_TIME = /\b(\d{1,2})[:h](\d{2})(?::\d{2})?\b(?!\s*(a\.?m|p\.?m))/gi;
const OCLOCK = /\b(\d{1,2})\s*o'?\s?clock\b/gi;
// "2 in the afternoon", "7:30 this evening", "9 tomorrow morning".
const PART_OF_DAY = /\b(\d{1,2})(?:[:.](\d{2}))?\s*(?:o'?\s?clock\s*)?(?:(?:in the|this|tomorrow|tonight at|at)\s*)?(morning|afternoon|evening|night)\b/gi;
const NAMED: readonly [RegExp, number][] = [
  [/\bnoon|midday\b/i, 12 * 60],
  [/\bmidnight\b/i, 0],
];
const LATER_IN_DAY = /\b(evening|night|afternoon|tonight|pm)\b/i;

function minutes(hours: number, mins: number): number | null {
  return hours >= 0 && hours < 24 && mins >= 0 && mins < 60 ? hours * 60 + mins : null;
}

function withMeridiem(hours: number, mins: number, meridiem: string): number | null {
  if (hours < 1 || hours > 12) return null;
  const pm = meridiem.toLowerCase().startsWith("p");
  return minutes((hours % 12) + (pm ? 12 : 0), mins);
}

/** Every time a text mentions, in every reading it allows. */
export function timesInText(text: string): number[] {
  if (!/\d|noon|midday|midnight/i.test(text)) return [];
  const found: number[] = [];
  const add = (value: number | null) => {
    if (value !== null && !found.includes(value)) found.push(value);
  };
  for (const match of text.matchAll(MERIDIEM_TIME)) add(withMeridiem(+match[1], match[2] ? +match[2] : 0, match[3]));
  for (const match of text.matchAll(PART_OF_DAY)) add(withMeridiem(+match[1], match[2] ? +match[2] : 0, match[3].toLowerCase() === "morning" ? "am" : "pm"));
  const later = LATER_IN_DAY.test(text);
  for (const match of [...text.matchAll(CLOCK_TIME), ...text.matchAll(OCLOCK)]) {
    const hours = +match[1];
    const mins = match[2] ? +match[2] : 0;
    add(minutes(hours, mins));
    // "7:30 in the evening", or any 12-hour reading of an ambiguous time.
    if (hours >= 1 && hours < 12) add(minutes(hours + 12, mins));
    if (later && hours === 12) add(minutes(0, mins));
  }
  for (const [pattern, value] of NAMED) if (pattern.test(text)) add(value);
  return found;
}

/** The time an argument value states, when it is only a time ("23:00", "11pm", "T23:00:00"). */
export function parseTimeValue(value: string): number | null {
  const trimmed = value.trim();
  const clock = /^T?(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?$/i.exec(trimmed);
  if (clock) return minutes(+clock[1], +clock[2]);
  const meridiem = /^(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)$/i.exec(trimmed);
  if (meridiem) return withMeridiem(+meridiem[1], meridiem[2] ? +meridiem[2] : 0, meridiem[3]);
  return null;
}
