/**
 * The line each element of a top-level JSON array starts on, for messages about a task of a
 * pretty-printed tasks.json. The text must already be known to be valid JSON.
 */
export function arrayItemLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectValue = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === "\n") line++;
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === " " || char === "\t" || char === "\r" || char === "\n") continue;
    if (depth === 1 && expectValue) {
      lines.push(line);
      expectValue = false;
    }
    if (char === '"') inString = true;
    else if (char === "[" || char === "{") {
      depth++;
      if (depth === 1) expectValue = char === "[";
    } else if (char === "]" || char === "}") depth--;
    else if (char === "," && depth === 1) expectValue = true;
  }
  return lines;
}
