/**
 * Numbers a text supports, in the forms an agent may legitimately pass them: digits with
 * separators, signs and currency; words ("five", "twenty-one", "a dozen"); scale words and
 * suffixes ("2 million", "1.2m", "5k"); percentages (both 5 and 0.05); fractions; powers of ten.
 */

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const ORDINALS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  eleventh: 11, twelfth: 12, twentieth: 20, thirtieth: 30, hundredth: 100,
};
const SCALES: Record<string, number> = {
  hundred: 100, thousand: 1e3, k: 1e3, million: 1e6, mn: 1e6, mm: 1e6, m: 1e6, billion: 1e9, bn: 1e9, b: 1e9, trillion: 1e12, tn: 1e12,
};
const WORD_VALUES: Record<string, number[]> = {
  dozen: [12], half: [0.5, 50], quarter: [0.25, 25], twice: [2], double: [2], triple: [3], thrice: [3],
  once: [1], pair: [2], couple: [2], single: [1], none: [0], nothing: [0], zero: [0], hundred: [100], thousand: [1000],
};
const NUMBER_WORD = new RegExp(`\\b(${[...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(ORDINALS), ...Object.keys(WORD_VALUES), "hundred", "thousand", "million", "billion", "trillion"].join("|")})\\b`);
const PERCENT = /^(%|percent|per\s*cent|pct|percentage)/i;

export function addNumber(into: Set<number>, value: number): void {
  if (Number.isFinite(value)) into.add(value);
}

/** Parses "20,000", "1.5", "-3", "1e-9", "$5,000" style tokens; null when not a number. */
export function parseNumeric(text: string): number | null {
  const cleaned = text.trim().replace(/^[$€£¥+]/, "").replace(/,(?=\d{3}(?:\D|$))/g, "");
  if (!/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** Number-word runs such as "one hundred and twenty five" or "twenty-one thousand", one list each. */
function wordNumbers(words: string[]): number[][] {
  const mentions: number[][] = [];
  let total = 0;
  let current = 0;
  let inRun = false;
  const flush = () => {
    if (inRun) mentions.push([total + current]);
    total = 0;
    current = 0;
    inRun = false;
  };
  for (const word of words) {
    if (word in UNITS) {
      // "five six" is two numbers; "twenty five" is one.
      if (inRun && current % 10 !== 0) flush();
      current += UNITS[word];
      inRun = true;
    } else if (word in TENS) {
      if (inRun && current % 100 !== 0) flush();
      current += TENS[word];
      inRun = true;
    } else if (inRun && word === "hundred") {
      current = (current || 1) * 100;
    } else if (inRun && (word === "thousand" || word === "million" || word === "billion" || word === "trillion")) {
      total += (current || 1) * SCALES[word];
      current = 0;
    } else if (inRun && word === "and") {
      continue;
    } else {
      flush();
      if (word in ORDINALS) mentions.push([ORDINALS[word]]);
      if (word in WORD_VALUES) mentions.push(WORD_VALUES[word]);
    }
  }
  flush();
  return mentions;
}

const NUMBER_IN_TEXT = /(-)?[$€£¥]?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d*\.?\d+)(?:\s*(?:e|x\s*10\^|×\s*10\^|\*\s*10\^|\*\s*10\*\*)\s*([-+]?\d+))?/gi;

/**
 * Each number the text writes, with every value it may stand for: "5%" is 5 and 0.05,
 * "$2 million" is 2 and 2,000,000, "five" is 5.
 */
export function numberMentions(text: string): number[][] {
  const mentions: number[][] = [];
  const lower = text.toLowerCase();
  for (const match of lower.matchAll(NUMBER_IN_TEXT)) {
    const values = new Set<number>();
    const start = match.index ?? 0;
    const before = start > 0 ? lower[start - 1] : " ";
    // A hyphen between letters or digits ("covid-19", "3-4") is not a minus sign.
    const negative = match[1] === "-" && !/[a-z0-9]/.test(before);
    let value = Number(match[2].replace(/,/g, ""));
    if (!Number.isFinite(value)) continue;
    if (match[3] !== undefined) value *= 10 ** Number(match[3]);
    const signed = negative ? -value : value;
    addNumber(values, signed);
    addNumber(values, value);
    const rest = lower.slice(start + match[0].length, start + match[0].length + 14);
    const suffix = /^\s*([a-z%]+(?:\s*cent)?)/.exec(rest)?.[1] ?? "";
    if (PERCENT.test(suffix)) {
      addNumber(values, value / 100);
      addNumber(values, signed / 100);
    }
    const scale = SCALES[suffix] ?? SCALES[/^[a-z]+/.exec(suffix)?.[0] ?? ""];
    if (scale) addNumber(values, signed * scale);
    // "10^-9" and "10**3" style powers.
    const power = /^\s*(?:\^|\*\*)\s*([-+]?\d+)/.exec(rest);
    if (power) addNumber(values, value ** Number(power[1]));
    mentions.push([...values]);
  }
  // Fractions "1/2", "3/4" also mean their quotient.
  for (const match of lower.matchAll(/(\d+)\s*\/\s*(\d+)/g)) {
    const denominator = Number(match[2]);
    if (denominator) mentions.push([Number(match[1]) / denominator]);
  }
  // Most texts write numbers as digits; the word pass runs only when a number word occurs.
  if (NUMBER_WORD.test(lower)) {
    mentions.push(...wordNumbers(lower.match(/[a-z]+/g) ?? []));
    // "five million": a word number followed by a scale word.
    for (const match of lower.matchAll(/\b([a-z]+)[\s-]+(thousand|million|billion|trillion)\b/g)) {
      const base = UNITS[match[1]] ?? TENS[match[1]];
      if (base !== undefined) mentions.push([base * SCALES[match[2]]]);
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
  for (const candidate of candidates) {
    if (value === candidate) return true;
    const scale = Math.max(Math.abs(value), Math.abs(candidate));
    if (scale > 0 && Math.abs(value - candidate) <= scale * 1e-9) return true;
  }
  return false;
}
