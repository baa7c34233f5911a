/**
 * Calendar dates in the forms people write and APIs expect. A value is compared by its parts,
 * so "2022-03-10", "03/10/2022" and "March 10th, 2022" all support each other.
 */

export interface DateParts {
  year?: number;
  month?: number;
  day?: number;
}

const MONTHS = new Map<string, number>(Object.entries({
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
  jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11, november: 11,
  dec: 12, december: 12,
}));
const MONTH = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const DAY = "(\\d{1,2})(?:st|nd|rd|th)?";
const YEAR = "(\\d{4})";
// Built once: dates are read from every text a date-like value is compared with.
const MONTH_DAY = new RegExp(`\\b${MONTH}(?:\\.\\s*|\\s+)(?:the\\s+)?${DAY}\\b(?:,?\\s*(?:of\\s+)?${YEAR})?`, "g");
const DAY_MONTH = new RegExp(`\\b(?:the\\s+)?${DAY}\\s+(?:of\\s+)?${MONTH}\\b\\.?(?:,?\\s*${YEAR})?`, "g");
const MONTH_YEAR = new RegExp(`\\b${MONTH}\\.?,?\\s+${YEAR}\\b`, "g");

const valid = (parts: DateParts): boolean =>
  (parts.month === undefined || (parts.month >= 1 && parts.month <= 12)) &&
  (parts.day === undefined || (parts.day >= 1 && parts.day <= 31));

function push(into: DateParts[], parts: DateParts): void {
  if (valid(parts)) into.push(parts);
}

/** Dates mentioned in free text. Numeric forms yield both day-first and month-first readings. */
export function datesInText(text: string): DateParts[] {
  const lower = text.toLowerCase();
  const found: DateParts[] = [];
  for (const m of lower.matchAll(/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g)) push(found, { year: +m[1], month: +m[2], day: +m[3] });
  for (const m of lower.matchAll(/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/g)) {
    const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    push(found, { year, month: +m[1], day: +m[2] });
    push(found, { year, month: +m[2], day: +m[1] });
  }
  for (const m of lower.matchAll(MONTH_DAY)) {
    push(found, { month: MONTHS.get(m[1]), day: +m[2], year: m[3] ? +m[3] : undefined });
  }
  for (const m of lower.matchAll(DAY_MONTH)) {
    push(found, { day: +m[1], month: MONTHS.get(m[2]), year: m[3] ? +m[3] : undefined });
  }
  for (const m of lower.matchAll(MONTH_YEAR)) push(found, { month: MONTHS.get(m[1]), year: +m[2] });
  return found;
}

/** Readings of an argument that looks like a date; empty when it does not look like one. */
export function parseDateValue(value: string): DateParts[] {
  const trimmed = value.trim();
  if (trimmed.length > 40 || !/\d/.test(trimmed)) return [];
  const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[t\s][\d:.]+(?:z|[+-]\d{2}:?\d{2})?)?$/i.exec(trimmed);
  if (iso) return [{ year: +iso[1], month: +iso[2], day: iso[3] ? +iso[3] : undefined }].filter(valid);
  const readings = datesInText(trimmed);
  return readings;
}

/** A value's date agrees with a mentioned one when every part both give is equal. */
export function sameDate(value: DateParts, mentioned: DateParts): boolean {
  if (value.month !== undefined && mentioned.month !== undefined && value.month !== mentioned.month) return false;
  if (value.day !== undefined && mentioned.day !== undefined && value.day !== mentioned.day) return false;
  if (value.year !== undefined && mentioned.year !== undefined && value.year !== mentioned.year) return false;
  // At least month and day, or month and year, must be confirmed by the text.
  return mentioned.month !== undefined && (mentioned.day !== undefined || mentioned.year !== undefined);
}

/** Words that make a date relative to today; such dates cannot be checked against the text. */
export const RELATIVE_DATE_WORDS = /\b(today|tonight|tomorrow|yesterday|now|current|currently|next|this|last|coming|upcoming|weekend|week|month|year|days?|recent|latest|ago|past|future|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;
