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
 * the search itself says what such a text matches (nothing: lib/server/db/text-search.ts).
 */
export const optionalUrlSearch = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined))
  .catch(undefined);
