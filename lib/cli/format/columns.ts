/** Cuts text to `max` characters on one line, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, Math.max(0, max - 1))}…` : line;
}

/**
 * Rows as aligned columns separated by two spaces; the last column is left unpadded so lines
 * carry no trailing spaces. Widths are measured in UTF-16 units, which is right for the text
 * Callboard prints (names may hold wide characters; they only shift their own line).
 */
export function alignColumns(rows: readonly (readonly string[])[], rightAligned: ReadonlySet<number> = new Set()): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, index) => {
        if (index === row.length - 1 && !rightAligned.has(index)) return cell;
        return rightAligned.has(index) ? cell.padStart(widths[index]) : cell.padEnd(widths[index]);
      })
      .join("  ")
      .trimEnd(),
  );
}
