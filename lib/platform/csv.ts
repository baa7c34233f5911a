/*
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, and a field
 * quoted when it holds a comma, a quote, CR or LF, its quotes doubled. Spreadsheets and
 * csv parsers then read explanations and JSON with line breaks back as one field each.
 *
 * Every CSV the product writes goes through csvField, and exports carry text from uploads
 * (transcript and tool names, arguments, responses quoted in explanations): a cell a spreadsheet
 * would run as a formula is escaped here, once for all of them (OWASP, CSV injection).
 */

export type CsvValue = string | number | boolean | null | undefined;

// A semicolon too: spreadsheets set to a semicolon separator would otherwise split "a;=1+2" into a formula cell.
const NEEDS_QUOTES = /[",;\r\n]/;
// Spreadsheets run a cell that starts with one of these as a formula (a NUL too, per OWASP ASVS 1.2.10).
const FORMULA_START = /^[=+\-@\t\r\u0000]/;
// A number such as -1.5 or +2e-3 is data, and must stay a number in the spreadsheet.
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * One field. Null and undefined are empty; a non-finite number is empty too, since CSV has no NaN.
 * Text a spreadsheet would read as a formula gets a leading single quote, which makes it text
 * there, and is quoted, as OWASP advises.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && !Number.isFinite(value)) return "";
  const text = String(value);
  if (FORMULA_START.test(text) && !NUMBER.test(text)) return quoted(`'${text}`);
  return NEEDS_QUOTES.test(text) ? quoted(text) : text;
}

/** One record, CRLF included, ready to be written after the previous one. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/**
 * Reads RFC 4180 text back into records (CRLF or LF between records, quoted fields may hold
 * both). For checking exports in tests and scripts; it trusts its input to be well formed.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n" || (char === "\r" && text[i + 1] === "\n")) {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      if (char === "\r") i++;
    } else field += char;
  }
  // A last record without its line break.
  if (field || record.length) records.push([...record, field]);
  return records;
}
