import { trimEndMatching } from "@/lib/platform/text-trim";
/** Levenshtein distance; criteria prefixes are short, so the quadratic table is fine. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The candidate whose words are closest to the first words of `text`. Only as many words as
 * the candidate has are compared, so a long condition does not drown the prefix.
 */
export function closestByFirstWords(text: string, candidates: readonly string[]): string {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  let best = candidates[0];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const target = candidate.toLowerCase();
    const head = words.slice(0, target.split(" ").length).join(" ");
    // Normalise by length so that a short prefix is not favoured just for being short.
    const distance = editDistance(head, target) / Math.max(target.length, 1);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate;
    }
  }
  return best;
}

/** A near miss of a prefix ("Rewrd tool calls", "Tool call pass if") is within this share of its length. */
const NEAR_MISS = 0.4;

// A requirement written as an instruction: its condition reads as a pass/fail test.
const REQUIREMENT_LEAD = /^(?:please\s+)?(?:check|ensure|verify|make\s+sure|confirm|test|see)\s+(?:that\s+|whether\s+|if\s+)?(?=\S)/i;
// A request for a grade: its condition reads as a score.
const GRADE_LEAD = /^(?:please\s+)?(?:score|rate|grade|evaluate|judge|assess|measure)\b/i;

/** "Rewards calls that work": a first word close to a prefix's own first word that no other prefix shares. */
function prefixWithVerb(first: string, all: readonly string[]): string | undefined {
  const verbs = all.map((prefix) => prefix.split(" ")[0].toLowerCase());
  return all.find((prefix, i) => {
    const verb = verbs[i];
    return verbs.indexOf(verb) === verbs.lastIndexOf(verb) && editDistance(first, verb) <= Math.floor(verb.length / 3);
  });
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * What to offer for a criterion without a valid prefix: the closest prefix for a near miss, the
 * whole criterion rewritten when it is an instruction ("Check that X" -> "Tool call passes if X"),
 * else the prefix that fits what it asks for (a grade -> "Reward tool calls …").
 */
export function suggestCriterion(text: string, prefixes: { continuous: string; binary: string; all: readonly string[] }): string {
  const trimmed = text.trim();
  const words = trimmed.toLowerCase().split(/\s+/);
  const nearest = closestByFirstWords(trimmed, prefixes.all);
  const head = words.slice(0, nearest.split(" ").length).join(" ");
  if (editDistance(head, nearest.toLowerCase()) / nearest.length <= NEAR_MISS) return `${nearest} …`;
  const byVerb = prefixWithVerb(words[0] ?? "", prefixes.all);
  if (byVerb) return `${byVerb} …`;
  const requirement = trimmed.match(REQUIREMENT_LEAD);
  if (requirement) return `${prefixes.binary} ${trimEndMatching(lowerFirst(trimmed.slice(requirement[0].length)), /[.!]/)}`;
  if (GRADE_LEAD.test(trimmed)) return `${prefixes.continuous} that …`;
  return `${prefixes.binary} …`;
}
