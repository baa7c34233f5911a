/**
 * The pieces of Python that BFCL's type converters and decoder lean on, reproduced so that the
 * preset gives BFCL's verdicts: `int()` and `float()` on text, `str.strip(chars)`, and `re.match`,
 * whose `$` also matches before a final newline. Digits are ASCII here; Python also reads other
 * scripts' digits ("١٢"), which no call in BFCL's data uses.
 */

/** A pattern written as BFCL writes it, anchored as `re.match` anchors: at the start, `$` before an optional final newline. */
export function pyFullMatch(body: string): RegExp {
  return new RegExp(`^(?:${body})\\n?$`);
}

const DIGITS = "[0-9]+(?:_[0-9]+)*";
const INT_TEXT = new RegExp(`^\\s*[+-]?${DIGITS}\\s*$`);
const FLOAT_TEXT = new RegExp(`^\\s*[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?\\s*$`);
const SPECIAL_FLOAT = /^\s*([+-]?)(inf|infinity|nan)\s*$/i;

/** Python's `int(text)`, or null where it raises ValueError. */
export function pyInt(text: string): bigint | null {
  return INT_TEXT.test(text) ? BigInt(text.trim().replace(/_/g, "")) : null;
}

/** Python's `float(text)`, or null where it raises ValueError. */
export function pyFloat(text: string): number | null {
  const special = SPECIAL_FLOAT.exec(text);
  if (special) return special[2].toLowerCase() === "nan" ? Number.NaN : (special[1] === "-" ? -1 : 1) * Number.POSITIVE_INFINITY;
  return FLOAT_TEXT.test(text) ? Number(text.trim().replace(/_/g, "")) : null;
}

/** Python's `str.strip(chars)`. */
export function stripChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start])) start++;
  while (end > start && chars.includes(text[end - 1])) end--;
  return text.slice(start, end);
}
