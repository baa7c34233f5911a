import type { Leaf } from "../context";
import type { TextEvidence } from "../evidence";
import { STOPWORDS, splitIdentifiers, tokens } from "../text/words";
import { grounded, userSources, where, type Grounding } from "./result";
import { sharedCache } from "../shared-caches";

const GENERIC_FLAG_WORDS = new Set(["is", "include", "includes", "including", "show", "get", "use", "with", "enable", "enabled", "flag", "return", "has", "should", "allow", "want", "need", "only", "all", "data", "info", "information"]);
const NEGATION_WORDS = new Set(["no", "not", "without", "dont", "don", "doesnt", "doesn", "exclude", "excluding", "except", "skip", "never", "neither", "nor"]);

/** "without the humidity" asks for false: a negation up to four words before the flag's word. */
function negatedIn(words: string[], flagWords: string[]): boolean {
  const prefixes = flagWords.map((flag) => flag.slice(0, 5));
  for (let index = 0; index < words.length; index++) {
    if (!prefixes.some((prefix) => words[index].startsWith(prefix))) continue;
    for (let before = Math.max(0, index - 4); before < index; before++) if (NEGATION_WORDS.has(words[before])) return true;
  }
  return false;
}

// Argument names recur from call to call: each is read into flag words once.
const flagWordsByKey = sharedCache(new Map<string, string[]>());

function flagWordsOf(key: string): string[] {
  let words = flagWordsByKey.get(key);
  if (!words) {
    words = tokens(splitIdentifiers(key)).filter((word) => !STOPWORDS.has(word) && !GENERIC_FLAG_WORDS.has(word));
    if (flagWordsByKey.size >= 10_000) flagWordsByKey.clear();
    flagWordsByKey.set(key, words);
  }
  return words;
}

export function groundBoolean(value: boolean, leaf: Leaf, sources: TextEvidence[]): Grounding {
  const request = userSources(sources);
  const flagWords = flagWordsOf(leaf.key);
  if (!flagWords.length || !request.length) return grounded("a flag the request does not speak about", "neutral");
  const mention = request.find((source) => flagWords.some((word) => source.words.hasShortForm(word)));
  if (value) {
    return mention ? grounded(`the request mentions ${flagWords.join(" ")}`) : { invented: true, status: "weak", penalty: 0.05, reason: `is set although the request does not mention ${flagWords.join(" ")}`, evidence: `value true; compared with ${where(request)}` };
  }
  if (!mention) return grounded("not asked for", "neutral");
  return negatedIn(mention.tokens, flagWords)
    ? grounded("the request declines it")
    : { status: "weak", penalty: 0.3, reason: `is false although the request mentions ${flagWords.join(" ")}`, evidence: `value false; compared with ${where(request)}` };
}
