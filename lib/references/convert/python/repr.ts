/**
 * Python's `repr` of a str and of a float, exactly: BFCL's decoder turns some argument values into
 * text with `ast.unparse`, which writes constants with `repr`, and the checker then compares that
 * text with the possible answers.
 */

const NOT_PRINTABLE = /[\p{C}\p{Zl}\p{Zp}\p{Zs}]/u;

/** `repr(text)`: single quotes unless the text holds a single quote and no double quote. */
export function pyStrRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === quote || char === "\\") out += `\\${char}`;
    else if (char === "\t") out += "\\t";
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else if (code < 0x7f || char === " " || !NOT_PRINTABLE.test(char)) out += char;
    else if (code < 0x100) out += `\\x${hex(code, 2)}`;
    else if (code < 0x10000) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return out + quote;
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

/** `repr(value)` of a float: the shortest digits that read back, in Python's layout (`1e+16`, `1e-05`, `5.0`). */
export function pyFloatRepr(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const sign = value < 0 ? "-" : "";
  // toExponential() without digits gives the shortest digits that read back, as Python's repr does.
  const [mantissa, exponent] = Math.abs(value).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const point = Number(exponent) + 1;
  if (point > -4 && point <= 16) {
    if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
    if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}.0`;
    return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  const exp = point - 1;
  return `${sign}${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ""}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
}
