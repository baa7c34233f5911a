/**
 * BFCL's converters find Java and JavaScript collections with backtracking regular expressions
 * that take polynomial time on crafted text (runs of spaces, of "[", of commas). These functions
 * return exactly what Python's `re` returns for them, in one pass each; scan.test.ts checks them
 * against the original expressions on many generated inputs.
 */

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);

function skipSpaces(text: string, from: number): number {
  let index = from;
  while (index < text.length && isSpace(text[index])) index++;
  return index;
}

/** Start of the run of whitespace that ends just before `index` (`index` itself when there is none). */
function spaceRunStart(text: string, index: number, floor: number): number {
  let start = index;
  while (start > floor && isSpace(text[start - 1])) start--;
  return start;
}

// `new\s+ArrayList<\w*>\(\)` and `new\s+HashMap<`: each quantifier is followed by a character it cannot match, so they are linear.
const ARRAY_LIST_HEAD = /new\s+ArrayList<\w*>\(\)/g;
const HASH_MAP_HEAD = /new\s+HashMap</g;

/**
 * `re.search(r"new\s+ArrayList<\w*>\(\)\s*\{\{\s*(.+?)\s*\}\}", text, re.DOTALL)`: the group, or null.
 */
export function arrayListAdds(text: string): string | null {
  for (const head of text.matchAll(ARRAY_LIST_HEAD)) {
    const afterHead = skipSpaces(text, head.index + head[0].length);
    if (!text.startsWith("{{", afterHead)) continue;
    const begin = afterHead + 2;
    const first = skipSpaces(text, begin);
    // The lazy group starts after the greedy spaces and ends where only spaces precede "}}".
    const close = text.indexOf("}}", first + 1);
    if (close !== -1) return text.slice(first, Math.max(first + 1, spaceRunStart(text, close, first + 1)));
    // Backtracking gives the group one of the spaces when "}}" follows them directly.
    if (first > begin && text.startsWith("}}", first)) return text.slice(first - 1, first);
  }
  return null;
}

/**
 * `re.search(r"new\s+HashMap<.*?>\s*\(\)\s*\{\s*\{?\s*(.*?)\s*\}?\s*\}", text, re.DOTALL)`: the group, or null.
 */
export function hashMapPuts(text: string): string | null {
  for (const head of text.matchAll(HASH_MAP_HEAD)) {
    const open = firstAngleFollowedBy(text, head.index + head[0].length, true, (after) => text.startsWith("{", skipSpaces(text, after)));
    // A later head would search part of the same text: it fails too.
    if (open === null) return null;
    const brace = skipSpaces(text, open);
    let start = skipSpaces(text, brace + 1);
    if (text[start] === "{") start = skipSpaces(text, start + 1);
    const close = text.indexOf("}", start);
    if (close === -1) return null;
    return text.slice(start, Math.max(start, spaceRunStart(text, close, start)));
  }
  return null;
}

/** `re.search(r"new\s+HashMap<.*?>\s*\(\)", text)` found something. */
export function hasEmptyHashMap(text: string): boolean {
  let searchedTo = -1;
  for (const head of text.matchAll(HASH_MAP_HEAD)) {
    // A head whose line was searched to its end by an earlier head fails as that one did.
    if (head.index < searchedTo) continue;
    const from = head.index + head[0].length;
    if (firstAngleFollowedBy(text, from, false, () => true) !== null) return true;
    const lineEnd = text.indexOf("\n", from);
    searchedTo = lineEnd === -1 ? text.length : lineEnd;
  }
  return false;
}

/**
 * The first ">" at or after `from` (on the same line unless `dotAll`) followed by spaces and
 * "()", and then by what `rest` accepts: where `<.*?>\s*\(\)` stops. Returns the index after "()".
 */
function firstAngleFollowedBy(text: string, from: number, dotAll: boolean, rest: (after: number) => boolean): number | null {
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (!dotAll && char === "\n") return null;
    if (char !== ">") continue;
    const paren = skipSpaces(text, index + 1);
    if (text.startsWith("()", paren) && rest(paren + 2)) return paren + 2;
  }
  return null;
}

/**
 * `re.findall(r"([^:]+):\s*(.*?)(?:,\s*(?=[^,]+:)|$)", content)` on text without line breaks:
 * the key and value of each pair.
 */
export function jsObjectPairs(content: string): [string, string][] {
  const length = content.length;
  // For each position, the next ":" and the next "," at or after it.
  const nextColon = new Int32Array(length + 1).fill(length);
  const nextComma = new Int32Array(length + 1).fill(length);
  for (let index = length - 1; index >= 0; index--) {
    nextColon[index] = content[index] === ":" ? index : nextColon[index + 1];
    nextComma[index] = content[index] === "," ? index : nextComma[index + 1];
  }
  // (?=[^,]+:) at `at`: a ":" after at least one character, with no "," before it.
  const lookahead = (at: number) => at < length && content[at] !== "," && at + 1 <= length && nextColon[at + 1] < nextComma[at + 1] && nextColon[at + 1] < length;
  const pairs: [string, string][] = [];
  let position = 0;
  while (position < length) {
    const colon = nextColon[position];
    // [^:]+ needs at least one character before the ":"; with no ":" left nothing more matches.
    if (colon >= length) break;
    if (colon === position) {
      position++;
      continue;
    }
    const valueStart = skipSpaces(content, colon + 1);
    let end = length;
    let next = length;
    for (let comma = nextComma[valueStart]; comma < length; comma = nextComma[comma + 1]) {
      const after = skipSpaces(content, comma + 1);
      if (lookahead(after)) {
        end = comma;
        next = after;
        break;
      }
      // \s* gives back a space when the lookahead then starts on it and reaches a ":" right after.
      if (after > comma + 1 && content[after] === ":") {
        end = comma;
        next = after - 1;
        break;
      }
    }
    pairs.push([content.slice(position, colon), content.slice(valueStart, end)]);
    position = next;
  }
  return pairs;
}

/** `re.findall(r"\[(.*?)\]", text)`: the text inside each "[...]" on one line, left to right. */
export function bracketGroups(text: string): string[] {
  const length = text.length;
  const nextStop = new Int32Array(length + 1).fill(length);
  for (let index = length - 1; index >= 0; index--) nextStop[index] = text[index] === "]" || text[index] === "\n" ? index : nextStop[index + 1];
  const groups: string[] = [];
  let position = 0;
  while (position < length) {
    const open = text.indexOf("[", position);
    if (open === -1) break;
    const stop = nextStop[open + 1];
    if (stop < length && text[stop] === "]") {
      groups.push(text.slice(open + 1, stop));
      position = stop + 1;
    } else {
      position = open + 1;
    }
  }
  return groups;
}

/**
 * `re.findall(r"put\(\"(.*?)\",\s*(.*?)\)", text)`: each put's key and value text. Neither group
 * crosses a line break; the spaces between them may.
 */
export function hashMapPutPairs(text: string): [string, string][] {
  const length = text.length;
  const nextClose = new Int32Array(length + 1).fill(length);
  const nextBreak = new Int32Array(length + 1).fill(length);
  for (let index = length - 1; index >= 0; index--) {
    nextClose[index] = text[index] === ")" ? index : nextClose[index + 1];
    nextBreak[index] = text[index] === "\n" ? index : nextBreak[index + 1];
  }
  const pairs: [string, string][] = [];
  let position = 0;
  while (position < length) {
    const head = text.indexOf('put("', position);
    if (head === -1) break;
    const keyStart = head + 5;
    const lineEnd = nextBreak[keyStart];
    let matched = false;
    // The key ends at the first '",' on its line after which a value reaches ")" on one line.
    for (let quote = text.indexOf('",', keyStart); quote !== -1 && quote < lineEnd; quote = text.indexOf('",', quote + 1)) {
      const valueStart = skipSpaces(text, quote + 2);
      const close = nextClose[valueStart];
      if (close < length && nextBreak[valueStart] > close) {
        pairs.push([text.slice(keyStart, quote), text.slice(valueStart, close)]);
        position = close + 1;
        matched = true;
        break;
      }
    }
    // Whether a '",' works does not depend on where the key began: a later put on this line fails too.
    if (!matched) position = Math.max(head + 1, lineEnd);
  }
  return pairs;
}
