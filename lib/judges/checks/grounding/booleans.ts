import type { Leaf } from "../context";
import type { TextEvidence } from "../evidence";
import { STOPWORDS, splitIdentifiers, tokens } from "../text/words";
import { grounded, userSources, where, type Grounding } from "./result";

const GENERIC_FLAG_WORDS = new Set(["is", "include", "includes", "including", "show", "get", "use", "with", "enable", "enabled", "flag", "return", "has", "should", "allow", "want", "need", "only", "all", "data", "info", "information"]);
const NEGATION_WORDS = new Set(["no", "not", "without", "dont", "don", "doesnt", "doesn", "exclude", "excluding", "except", "skip", "never", "neither", "nor"]);

export function groundBoolean(value: boolean, leaf: Leaf, sources: TextEvidence[]): Grounding {
  const request = userSources(sources);
  const flagWords = tokens(splitIdentifiers(leaf.key)).filter((word) => !STOPWORDS.has(word) && !GENERIC_FLAG_WORDS.has(word));
  if (!flagWords.length || !request.length) return grounded("a flag the request does not speak about");
  const mention = request.find((source) => flagWords.some((word) => source.words.hasShortForm(word)));
  if (value) {
    return mention ? grounded(`the request mentions ${flagWords.join(" ")}`) : { status: "weak", penalty: 0.05, reason: `is set although the request does not mention ${flagWords.join(" ")}`, evidence: `value true; compared with ${where(request)}` };
  }
  if (!mention) return grounded("not asked for");
  // "without the humidity" asks for false: a negation up to three words before the flag's word.
  const words = tokens(mention.raw);
  const negated = words.some((word, index) => flagWords.some((flag) => word.startsWith(flag.slice(0, 5))) && words.slice(Math.max(0, index - 4), index).some((before) => NEGATION_WORDS.has(before)));
  return negated
    ? grounded("the request declines it")
    : { status: "weak", penalty: 0.3, reason: `is false although the request mentions ${flagWords.join(" ")}`, evidence: `value false; compared with ${where(request)}` };
}
