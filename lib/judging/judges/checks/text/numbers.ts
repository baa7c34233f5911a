/**
 * Numbers a text supports, in the forms an agent may legitimately pass them: digits with
 * separators, signs and currency; words ("five", "twenty-one", "a dozen"); scale words and
 * suffixes ("2 million", "1.2m", "5k"); percentages (both 5 and 0.05); fractions; powers of ten.
 */

// Maps, not object literals: a word such as "constructor" must not find Object's prototype.
const table = <T>(entries: Record<string, T>) => new Map<string, T>(Object.entries(entries));

const UNITS = table<number>({
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
});
const TENS = table<number>({ twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 });
const ORDINALS = table<number>({
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  eleventh: 11, twelfth: 12, twentieth: 20, thirtieth: 30, hundredth: 100,
});
const SCALES = table<number>({
  dozen: 12, hundred: 100, thousand: 1e3, k: 1e3, million: 1e6, mn: 1e6, m: 1e6, billion: 1e9, bn: 1e9, b: 1e9, trillion: 1e12, tn: 1e12,
});
const WORD_VALUES = table<number[]>({
  dozen: [12], half: [0.5, 50], quarter: [0.25, 25], twice: [2], double: [2], triple: [3], thrice: [3],
  once: [1], pair: [2], couple: [2], single: [1], none: [0], nothing: [0], hundred: [100], thousand: [1000],
});
const NUMBER_WORD = new RegExp(`\\b(${[...UNITS.keys(), ...TENS.keys(), ...ORDINALS.keys(), ...WORD_VALUES.keys(), "million", "billion", "trillion"].join("|")})\\b`);
const PERCENT = /^(%|percent|per\s*cent|pct|percentage)/;
const NUMBER_IN_TEXT = /(-)?[$€£¥]?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?:\s*(?:e|x\s*10\^|×\s*10\^|\*\s*10\^|\*\s*10\*\*)\s*([-+]?\d+))?/g;
const SUFFIX = /^\s*([a-z%]+(?:\s*cent)?)/;
const POWER = /^\s*(?:\^|\*\*)\s*([-+]?\d+)/;

/** Parses "20,000", "1.5", "-3", "1e-9", "$5,000" style tokens; null when not a number. */
export function parseNumeric(text: string): number | null {
  // Java and C literals carry a type suffix: 120L, 2.5f, 1.0d.
  const cleaned = text.trim().replace(/^[$€£¥+]/, "").replace(/,(?=\d{3}(?:\D|$))/g, "").replace(/^(-?\d+(?:\.\d+)?)[lLfFdD]$/, "$1");
  if (!/^-?(\d+(?:\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

function push(values: number[], value: number): void {
  if (Number.isFinite(value) && !values.includes(value)) values.push(value);
}

// Every word the run reader below treats specially; any other word only ends a run.
const RUN_WORDS: ReadonlySet<string> = new Set([
  ...UNITS.keys(),
  ...TENS.keys(),
  ...ORDINALS.keys(),
  ...WORD_VALUES.keys(),
  ...["hundred", "dozen", "dozens", "thousand", "million", "billion", "trillion", "and"],
]);

/** A number-word run being read: "one hundred and twenty" so far. */
interface Run {
  mentions: number[][];
  total: number;
  current: number;
  inRun: boolean;
}

function flush(run: Run): void {
  if (run.inRun) run.mentions.push([run.total + run.current]);
  run.total = 0;
  run.current = 0;
  run.inRun = false;
}

/** Number-word runs such as "one hundred and twenty five" or "twenty-one thousand", one list each. */
function wordNumbers(words: string[]): number[][] {
  const run: Run = { mentions: [], total: 0, current: 0, inRun: false };
  for (const word of words) {
    if (!RUN_WORDS.has(word)) {
      flush(run);
      continue;
    }
    const unit = UNITS.get(word);
    const ten = unit === undefined ? TENS.get(word) : undefined;
    if (unit !== undefined) {
      // "five six" is two numbers; "twenty five" is one.
      if (run.inRun && run.current % 10 !== 0) flush(run);
      run.current += unit;
      run.inRun = true;
    } else if (ten !== undefined) {
      if (run.inRun && run.current % 100 !== 0) flush(run);
      run.current += ten;
      run.inRun = true;
    } else if (run.inRun && word === "hundred") {
      run.current = (run.current || 1) * 100;
    } else if (run.inRun && (word === "dozen" || word === "dozens")) {
      run.current = (run.current || 1) * 12;
    } else if (run.inRun && (word === "thousand" || word === "million" || word === "billion" || word === "trillion")) {
      run.total += (run.current || 1) * (SCALES.get(word) ?? 1);
      run.current = 0;
    } else if (run.inRun && word === "and") {
      continue;
    } else {
      flush(run);
      const ordinal = ORDINALS.get(word);
      if (ordinal !== undefined) run.mentions.push([ordinal]);
      const values = WORD_VALUES.get(word);
      if (values) run.mentions.push(values);
    }
  }
  flush(run);
  return run.mentions;
}

/**
 * Each number the text writes, with every value it may stand for: "5%" is 5 and 0.05,
 * "$2 million" is 2 and 2,000,000, "five" is 5.
 */
export function numberMentions(text: string): number[][] {
  const mentions: number[][] = [];
  const lower = text.toLowerCase();
  for (const match of lower.matchAll(NUMBER_IN_TEXT)) {
    const start = match.index ?? 0;
    const before = start > 0 ? lower.charCodeAt(start - 1) : 32;
    // A hyphen between letters or digits ("covid-19", "3-4") is not a minus sign.
    const afterWord = (before >= 97 && before <= 122) || (before >= 48 && before <= 57);
    const negative = match[1] === "-" && !afterWord;
    let value = Number(match[2].replace(/,/g, ""));
    if (!Number.isFinite(value)) continue;
    if (match[3] !== undefined) value *= 10 ** Number(match[3]);
    const signed = negative ? -value : value;
    const values: number[] = [];
    push(values, signed);
    push(values, value);
    const end = start + match[0].length;
    const rest = lower.slice(end, end + 14);
    const suffix = SUFFIX.exec(rest)?.[1] ?? "";
    if (suffix) {
      if (PERCENT.test(suffix)) {
        push(values, value / 100);
        push(values, signed / 100);
      }
      const scale = SCALES.get(suffix) ?? SCALES.get(/^[a-z]+/.exec(suffix)?.[0] ?? "");
      if (scale) push(values, signed * scale);
    }
    // "10^-9" and "10**3" style powers.
    const power = rest.length && (rest.charCodeAt(0) === 94 || rest.includes("*")) ? POWER.exec(rest) : null;
    if (power) push(values, value ** Number(power[1]));
    // A year written with an apostrophe: "'19" is 2019 (or 1919), "the '90s" 1990.
    if (before === 39 || before === 8217) {
      if (/^\d{2}$/.test(match[2])) {
        push(values, 2000 + value);
        push(values, 1900 + value);
      }
    }
    mentions.push(values);
  }
  // Fractions "1/2", "3/4" also mean their quotient.
  if (lower.includes("/")) {
    for (const match of lower.matchAll(/(?<!\d)(\d+)\s*\/\s*(\d+)/g)) {
      const denominator = Number(match[2]);
      if (denominator) mentions.push([Number(match[1]) / denominator]);
    }
  }
  // Most texts write numbers as digits; the word pass runs only when a number word occurs.
  if (NUMBER_WORD.test(lower)) {
    mentions.push(...wordNumbers(lower.match(/[a-z]+/g) ?? []));
    // "five million": a word number followed by a scale word.
    for (const match of lower.matchAll(/\b([a-z]+)[\s-]+(thousand|million|billion|trillion)\b/g)) {
      const base = UNITS.get(match[1]) ?? TENS.get(match[1]);
      if (base !== undefined) mentions.push([base * (SCALES.get(match[2]) ?? 1)]);
    }
  }
  return mentions;
}

/** Every number the text supports, including scaled, percentage and word readings. */
export function numbersInText(text: string): Set<number> {
  const found = new Set<number>();
  for (const mention of numberMentions(text)) for (const value of mention) found.add(value);
  return found;
}

/** True when `value` equals one of `candidates` up to floating-point noise. */
export function matchesNumber(value: number, candidates: Iterable<number>): boolean {
  // Lists are walked by index: iterating a list or set allocates a step per item in
  // unoptimised code, and this runs for every number compared with every text.
  if (Array.isArray(candidates)) {
    for (let index = 0; index < candidates.length; index++) if (nearlyEqual(value, candidates[index])) return true;
    return false;
  }
  for (const candidate of candidates) if (nearlyEqual(value, candidate)) return true;
  return false;
}

function nearlyEqual(value: number, candidate: number): boolean {
  if (value === candidate) return true;
  const scale = Math.max(Math.abs(value), Math.abs(candidate));
  return scale > 0 && Math.abs(value - candidate) <= scale * 1e-9;
}
