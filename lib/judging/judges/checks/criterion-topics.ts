import type { Criterion } from "@/lib/criteria/parse";
import { meaningSubjects, type MeaningSubject } from "../meaning-level";
import type { CheckInfo, Topic } from "./check";

// Pure and free of the checks themselves (and their schema validator): the criteria page and the
// new-run form map criteria in the browser, with the catalogue's descriptions the server sends.

/**
 * From a criterion's free-text condition to the checks that measure it. The vocabulary is
 * small and visible on purpose: a user can read why a criterion was (or was not) measured.
 */
export const TOPIC_VOCABULARY: Readonly<Record<Topic, { label: string; cues: RegExp }>> = {
  "tool-selection": {
    label: "tool selection",
    cues: /\b(select\w*|choos\w*|chose\w*|choice|pick\w*|(right|wrong|correct|incorrect|appropriate|inappropriate|best|suitable|relevant|irrelevant|proper|existing|available|offered|unknown|nonexistent|hallucinated) (tools?|functions?)|(tools?|functions?) (choice|selection|fits?|matches)|irrelevan\w*|relevan\w*)\b/,
  },
  "parameter-accuracy": {
    label: "parameter accuracy",
    cues: /\b(param\w*|arguments?|args?|inputs?|fields?|values?|schema|types?|required)\b/,
  },
  fabrication: {
    label: "fabrication",
    // Also "a value the user never gave", "an id not mentioned before": where a value came from is grounding.
    cues: /\b(fabricat\w*|hallucinat\w*|invent\w*|made[- ]up|makes? up|guess\w*|assum\w*|unsupported|supported|ungrounded|grounded|placeholders?|dummy|fake)\b|\b(never|not|n't)\s+(\w+\s+){0,2}?(mentioned|given|provided|stated|said|specified|supplied|seen|appeared?)\b|\b(comes?|came|taken|copied) from (the user|the conversation|an? (earlier|previous|prior) (tool )?(result|response|output|message))\b/,
  },
  errors: {
    label: "errors",
    cues: /\b(errors?|erroneous|fail\w*|exceptions?|crash\w*|retr(y|ies|ied|ying)|succe\w*|status codes?)\b/,
  },
  redundancy: {
    label: "redundancy",
    cues: /\b(redundan\w*|duplicat\w*|repeat\w*|again|same (call|arguments|request)|unnecessar\w*|already|twice)\b/,
  },
  // Set by a phrase only (READ_REPEATS below): "repeat a lookup" is about reads, not every repeat.
  "repeated-read": { label: "repeated lookups", cues: /(?!)/ },
  "use-of-results": {
    label: "use of results",
    cues: /\b((earlier|previous|prior|returned|tool) (results?|outputs?|responses?|values?|data)|(use[sd]?|using|ignor\w*|contradict\w*|build\w* on|rel(y|ies) on)( \w+){0,3} (results?|outputs?|responses?|returned)|results? (is|are|was|were)? ?used|(results?|outputs?|responses?) (\w+ ){0,3}(ignor\w*|contradict\w*|disregard\w*)|answers?)\b/,
  },
  confirmation: {
    label: "confirmation before acting",
    cues: /\b(confirm\w*|consent\w*|approv\w*|permission|authori[sz]\w*|agree\w*|(ask|check)\w* (the user|first|before)|go[- ]ahead)\b/,
  },
  safety: {
    label: "safety",
    cues: /\b(sensitive|secrets?|credentials?|passwords?|api keys?|keys?|tokens?|card numbers?|credit cards?|pii|personal (data|information)|privacy|private|leak\w*|expos\w*|social security|ssn|safe\w*|unsafe)\b/,
  },
  // Set by a phrase only (REFERENCE_CALLS below): "reference" alone is often a booking's.
  reference: { label: "expected calls (reference)", cues: /(?!)/ },
  protocol: {
    label: "protocol",
    cues: /\b(orphan\w*|unanswered|matching (response|call)|malformed|json|well[- ]formed|protocol)\b/,
  },
};

// "Fulfil the request", "do the right thing": a request for overall correctness of the call.
const OVERALL = /\b(fulfil\w*|fulfill\w*|satisf\w*|accomplish\w*|achiev\w*|(the )?user'?s? (request|goal|intent|need|question|task)|what the user (asked|wants|needs)|appropriate\w*|correct\w*|incorrect\w*|accura\w*|inaccura\w*|valid|invalid|right|wrong|proper\w*|good|bad|high[- ]quality|sensible|reasonable)\b/;
// "Fulfil the user's request": the call as a whole serves the user, whatever else is named.
const FULFILS_REQUEST = /\b(fulfil\w*|fulfill\w*|satisf\w*|accomplish\w*|achiev\w*|serv\w*|meet\w*|address\w*)\b[^.;]{0,30}\b(user'?s?|customer'?s?|their|the) (request|goal|intent|need|needs|question|task|ask)\b|\bwhat the (user|customer) (asked|wants|needs|requested)\b/;
// Overall correctness of a call, as checks can see it: the tool chosen and its arguments.
const OVERALL_TOPICS: readonly Topic[] = ["tool-selection", "parameter-accuracy"];

const DEFECT_CUES =
  /\b(wrong\w*|incorrect\w*|invalid\w*|inaccura\w*|inappropriate\w*|irrelevant|unnecessar\w*|redundan\w*|duplicat\w*|repeat\w*|fabricat\w*|hallucinat\w*|invent\w*|made[- ]up|makes? up|guess\w*|placeholders?|missing|omit\w*|unknown|undeclared|unsupported|ungrounded|errors?|fail\w*|exceptions?|crash\w*|ignor\w*|contradict\w*|misus\w*|leak\w*|expos\w*|sensitive|secrets?|violat\w*|malformed|bad|poor\w*|blind\w*|retr(y|ies|ied)|unsafe|orphan\w*|fake|dummy|bogus|nonexistent|hallucinated)\b/g;
// "Recovers from every error": the agent gets past the defect, a quality.
const NEGATORS = /\b(not|no|never|without|avoid\w*|none|neither|nor|free of|lack\w*|don't|doesn't|didn't|isn't|aren't|won't|cannot|can't|fails? to|recover\w* from)\b/g;

// "Accurate parameters", "arguments are valid": the parameters themselves are what is judged.
// A bare "argument" in "an argument contains a card number" only says where to look.
const QUALIFIED_PARAMETERS =
  /\b(accura\w*|inaccura\w*|correct\w*|incorrect\w*|valid\w*|invalid\w*|right|wrong|proper\w*|appropriate|well[- ]formed|missing|required|extra|undeclared|types?)\W+(\w+\W+){0,3}?(param\w*|arguments?|args?|inputs?|fields?|values?)\b|\b(param\w*|arguments?|args?|inputs?|fields?|values?)\W+(\w+\W+){0,4}?(accura\w*|inaccura\w*|correct\w*|incorrect\w*|valid\w*|invalid\w*|right|wrong|proper\w*|appropriate|well[- ]formed|match\w*|missing|required|fulfil\w*|fulfill\w*)\b|\bschema\b/;

/**
 * Phrases that name particular checks rather than a whole topic: "a tool that is not among the
 * available tools" is about unknown tools only, not about every way of choosing a tool badly.
 * A criterion using such a phrase is measured by those checks; the words the phrase used do not
 * also count as cues of the broader topic.
 */
const SPECIFIC_CUES: readonly { pattern: RegExp; checks: readonly string[] }[] = [
  {
    pattern:
      /\b(tools?|functions?)\b[^.;]{0,40}?\b(not|isn'?t|aren'?t|never)\b[^.;]{0,20}?\b(among|in|one of|part of|from|within|on)\b[^.;]{0,20}?\b(available|offered|provided|given|defined|declared|listed|allowed)\b( (tools?|functions?|list|set))?|\b(nonexistent|non-existent|unknown|undefined|undeclared|hallucinated|made[- ]up|invented|imaginary|unavailable|unoffered|unlisted|fake) (tools?|functions?)\b|\b(tools?|functions?) that (does|do) not exist\b/g,
    checks: ["unknown-tool"],
  },
  {
    pattern: /\b((arguments?|param\w*|inputs?|fields?|values?)\b[^.;]{0,30}?)?\b(json[- ])?schemas?\b|\b(do(es)?n'?t|not|never|fail to) (match|conform|comply)\w*( to| with)? (the )?(declared |tool'?s? )?(types?|signature)\b/g,
    checks: ["schema-violation", "undeclared-argument", "arguments-not-json"],
  },
  { pattern: /\b((arguments?|param\w*|inputs?)\b[^.;]{0,20}?)?\b((malformed|invalid|unparseable|unparsable|broken|bad|valid|well[- ]formed) )?json\b/g, checks: ["arguments-not-json"] },
  { pattern: /\b(extra|undeclared|unexpected|additional|superfluous|unknown) (arguments?|param\w*|fields?|properties|keys?)\b/g, checks: ["undeclared-argument"] },
  { pattern: /\b(missing|omit\w*|leave\w* out|lack\w*) (a |any |the )?(required )?(arguments?|param\w*|fields?|properties)\b|\brequired (arguments?|param\w*|fields?|properties)\b/g, checks: ["schema-violation"] },
  { pattern: /\b(wrong|incorrect|invalid|mismatched|bad) (data |argument |parameter |value )?types?\b|\btypes? (mismatch\w*|errors?)\b/g, checks: ["schema-violation"] },
  { pattern: /\bplaceholders?\b|\bdummy\b|\b(example|sample|filler|template) values?\b|\btodo\b/g, checks: ["placeholder-value"] },
];

/**
 * "Repeat a lookup already answered", "searches made twice": repeats of reads alone. A repeated
 * change (a second booking) is a different fault, which such a criterion does not name.
 */
const READ_REPEATS =
  /\b(repeat\w*|redo\w*|duplicat\w*|re-?run\w*)\s+(an?\s+|the\s+|same\s+|earlier\s+|previous\s+)*(lookups?|reads?|searches|search|quer(y|ies)|fetch(es)?)\b([^.;]{0,25}?\b(already|again|twice|before)\b(\s+(answered|made|done|run|returned|seen))?)?|\b(lookups?|reads?|searches|quer(y|ies))\b[^.;]{0,20}?\b(repeated|made again|run again|done again|twice)\b/g;

/**
 * "Matches the reference", "the expected calls", "against the ground truth": comparison with the
 * calls a transcript should have made, which only its reference (lib/references) can tell.
 */
export const REFERENCE_CUE =
  /\b(match\w*|agree\w*|equals?|same as|against|compar\w* (with|to)|differ\w* from|deviat\w* from|follow\w*)\s+(the |its |their |an? )?(reference|expected|golden|gold|ground[- ]truth)\b(\s+(tool\s+)?(calls?|answers?|actions?|trajectory|set))?|\b(reference|expected|golden|gold|ground[- ]truth)\s+(tool\s+)?(calls?|answers?|actions?|trajectory)\b/;
const REFERENCE_CALLS = new RegExp(REFERENCE_CUE.source, "g");

/** Whether a criterion's text asks about the reference (its condition, or the whole text: the phrase is the same). */
export const measuresReference = (text: string) => REFERENCE_CUE.test(text.toLowerCase());

/** The condition with the phrases of specific cues blanked out, the checks they name, and the topics only a phrase sets. */
function specificChecks(condition: string): { rest: string; ids: Set<string>; phraseTopics: Set<Topic> } {
  const ids = new Set<string>();
  const phraseTopics = new Set<Topic>();
  let rest = condition.replace(READ_REPEATS, (match) => {
    phraseTopics.add("repeated-read");
    return " ".repeat(match.length);
  });
  rest = rest.replace(REFERENCE_CALLS, (match) => {
    phraseTopics.add("reference");
    return " ".repeat(match.length);
  });
  for (const cue of SPECIFIC_CUES) {
    rest = rest.replace(cue.pattern, (match) => {
      for (const id of cue.checks) ids.add(id);
      return " ".repeat(match.length);
    });
  }
  return { rest, ids, phraseTopics };
}

/** Topics whose checks need the tool's response: judged before it, they are not measurable. */
export const HINDSIGHT_TOPICS: ReadonlySet<Topic> = new Set<Topic>(["errors"]);

export interface CriterionMapping<C extends CheckInfo = CheckInfo> {
  topics: Topic[];
  /** Checks a phrase of the criterion names directly; their hits always count. */
  specific: string[];
  /** True when the condition describes a defect ("uses the wrong tool"), false for a quality. */
  describesDefect: boolean;
  checks: C[];
  /**
   * What the criterion asks that no check can read (meaning-level.ts). With checks as well, a
   * problem they find is evidence; without one the verdict is not applicable.
   */
  meaning: MeaningSubject[];
}

function positions(pattern: RegExp, text: string): { index: number; end: number; word: string }[] {
  return [...text.matchAll(pattern)].map((match) => ({ index: match.index ?? 0, end: (match.index ?? 0) + match[0].length, word: match[0] }));
}

/** A defect cue negated by a nearby preceding "not", "no", "without"… describes a quality. */
export function describesDefect(condition: string): boolean {
  const text = condition.toLowerCase();
  const negators = positions(NEGATORS, text);
  const used = new Set<number>();
  for (const cue of positions(DEFECT_CUES, text)) {
    // "fails to" is itself a negator; it must not also count as the defect it negates.
    if (negators.some((negator) => negator.index === cue.index)) continue;
    const negator = negators.find((candidate) => candidate.end <= cue.index && cue.index - candidate.end <= 30 && !/[,;.]/.test(text.slice(candidate.end, cue.index)));
    if (!negator) return true;
    used.add(negator.index);
  }
  // "does not use the result": a negated quality is a defect.
  return negators.some((negator) => !used.has(negator.index));
}

/** The checks of `catalogue` that measure the criterion, and why: the judge's mapping, in any bundle. */
export function mapCriterionOnto<C extends CheckInfo>(catalogue: readonly C[], criterion: Pick<Criterion, "condition">): CriterionMapping<C> {
  const { rest: condition, ids, phraseTopics } = specificChecks(criterion.condition.toLowerCase());
  const topics = new Set<Topic>(phraseTopics);
  for (const [topic, entry] of Object.entries(TOPIC_VOCABULARY) as [Topic, { cues: RegExp }][]) {
    if (entry.cues.test(condition)) topics.add(topic);
  }
  const specific = [...topics].some((topic) => topic !== "parameter-accuracy" && topic !== "tool-selection");
  if (specific && topics.has("parameter-accuracy") && !QUALIFIED_PARAMETERS.test(condition)) topics.delete("parameter-accuracy");
  const meaning = meaningSubjects(condition);
  // "Correctly fulfil the request": overall correctness (in what the named checks left over). "Follow
  // the policy correctly" asks about the policy, not about overall correctness.
  // "Accomplish the user's goal" is the goal itself, not the fit of the call's tool and arguments.
  if ((!topics.size && !meaning.length && OVERALL.test(condition)) || (FULFILS_REQUEST.test(condition) && !meaning.includes("goal"))) for (const topic of OVERALL_TOPICS) topics.add(topic);
  return {
    topics: [...topics],
    specific: [...ids],
    describesDefect: describesDefect(criterion.condition),
    checks: catalogue.filter((check) => ids.has(check.id) || check.topics.some((topic) => topics.has(topic))),
    meaning,
  };
}
