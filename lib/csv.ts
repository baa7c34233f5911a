/*
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, and a field
 * quoted when it holds a comma, a quote, CR or LF, its quotes doubled. Spreadsheets and
 * csv parsers then read explanations and JSON with line breaks back as one field each.
 */

export type CsvValue = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;

/** One field. Null and undefined are empty; a non-finite number is empty too, since CSV has no NaN. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && !Number.isFinite(value)) return "";
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
