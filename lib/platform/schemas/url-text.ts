import { z } from "zod";

// PostgreSQL refuses a NUL in a text parameter and fails the whole query: such a value is a bad parameter.
const withoutNul = (text: string) => !text.includes("\u0000");

/**
 * A free-text filter as it comes in a page's URL: trimmed, at most 200 characters, and absent
 * when empty or bad (a NUL in it), so that a bad parameter falls back to no filter instead of
 * breaking the page.
 */
export const optionalUrlText = z
  .string()
  .trim()
  .max(200)
  .refine(withoutNul)
  .optional()
  .transform((v) => (v ? v : undefined))
  .catch(undefined);

/** An id in a page's URL, the same way. */
export const optionalUrlId = z.string().trim().min(1).max(100).refine(withoutNul).optional().catch(undefined);

/**
 * What people type into the transcript list's search and tag boxes: any text, NUL included, since
 * the search itself says what such a text matches (nothing: lib/platform/db/text-search.ts).
 */
export const optionalUrlSearch = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined))
  .catch(undefined);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/**
 * Whether `text` is a day of the calendar written YYYY-MM-DD, from 0001-01-01 to 9999-12-31 (what a
 * date box sends). Date.parse is no judge: it rolls 2026-02-30 over to 2 March, and gives NaN for
 * 2026-13-01, which then fails the database query.
 */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]);
}

/** A day in a page's URL (a date filter), absent when it is not a day of the calendar, like any bad parameter. */
export const optionalUrlDay = z.string().refine(isCalendarDay).optional().catch(undefined);
