import type { CanonicalTool, JsonObject } from "@/lib/transcripts/types";
import type { TextEvidence } from "./evidence";
import { conceptOf } from "./text/concepts";
import { STOPWORDS, WordSet, splitIdentifiers, tokens } from "./text/words";

/**
 * How well an offered tool matches the user's request, from words alone: the tool's name,
 * description and parameter names against the request, with a small thesaurus. Crude, but
 * cheap, deterministic and explainable ("the request mentions triangle, area; the tool's name
 * says circle").
 */

// Verbs and nouns that every tool name or request uses; they say nothing about fit.
const GENERIC = new Set(
  (
    "get set find calculate calculator calc compute retrieve fetch search lookup look query provide return returns list show " +
    "display check create make run perform do generate determine estimate evaluate analyze analyse process handle update " +
    "info information detail details data value values result results number numbers amount given specific certain based " +
    "using use tool api service request user method type new current give tell want need help please " +
    "v1 v2 v3 by for of the and or to in on at with from into a an"
  ).split(/\s+/),
);

const meaningful = (words: string[]) => [...new Set(words.filter((word) => word.length > 1 && !STOPWORDS.has(word) && !GENERIC.has(word) && !/^\d/.test(word)))];

/** Words plus the concepts they name, so that "film" meets "movie". */
function withConcepts(words: string[]): string[] {
  const out = [...words];
  for (const word of words) {
    const concept = conceptOf(word);
    if (concept) out.push(concept);
  }
  return out;
}

export interface ToolWords {
  name: string[];
  /** Everything the tool says about itself: name, description, parameter names, concepts. */
  readonly all: WordSet;
}

const cache = new WeakMap<CanonicalTool, ToolWords>();

export function toolWords(tool: CanonicalTool): ToolWords {
  const cached = cache.get(tool);
  if (cached) return cached;
  const name = meaningful(tokens(splitIdentifiers(tool.function.name)));
  let all: WordSet | undefined;
  const words: ToolWords = {
    name,
    // Reading the description is the costly part; it waits until a fit needs it.
    get all() {
      if (!all) {
        const properties = tool.function.parameters.properties;
        const parameterNames =
          typeof properties === "object" && properties !== null && !Array.isArray(properties) ? Object.keys(properties as JsonObject).map(splitIdentifiers).join(" ") : "";
        all = new WordSet(withConcepts(meaningful([...name, ...tokens(tool.function.description ?? ""), ...tokens(parameterNames)])));
      }
      return all;
    },
  };
  cache.set(tool, words);
  return words;
}

export interface ToolFit {
  tool: string;
  /** Share of the tool's name words the request mentions (weighted). */
  nameCoverage: number;
  /** Share of the request's content words the tool's name, description or parameters mention. */
  requestCoverage: number;
  /** For comparing tools: mostly the name, partly the description. */
  fit: number;
  /** Distinct request words (or concepts) the tool speaks about: the absolute evidence of fit. */
  matched: string[];
}

const requestCache = new WeakMap<TextEvidence, { words: string[]; set: WordSet }>();

function requestWords(request: TextEvidence): { words: string[]; set: WordSet } {
  let cached = requestCache.get(request);
  if (!cached) {
    const words = meaningful(tokens(request.raw));
    requestCache.set(request, (cached = { words, set: new WordSet(withConcepts(words)) }));
  }
  return cached;
}

/** Name words shared by every offered tool ("country_info.*") do not tell tools apart. */
function nameWeights(tools: CanonicalTool[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tool of tools) for (const word of toolWords(tool).name) counts.set(word, (counts.get(word) ?? 0) + 1);
  const weights = new Map<string, number>();
  for (const [word, count] of counts) weights.set(word, tools.length > 1 && count === tools.length ? 0.3 : 1);
  return weights;
}

export function toolFits(request: TextEvidence, tools: CanonicalTool[]): ToolFit[] {
  const { words, set } = requestWords(request);
  const weights = nameWeights(tools);
  return tools.map((tool) => {
    const own = toolWords(tool);
    let total = 0;
    let hit = 0;
    const matched = new Set<string>();
    for (const word of own.name) {
      const weight = weights.get(word) ?? 1;
      total += weight;
      const concept = conceptOf(word);
      // "gcd" for "greatest common divisor" counts as the words themselves.
      if (set.hasShortForm(word) || (concept !== undefined && set.has(concept)) || (word.length <= 5 && request.initials.has(word))) {
        hit += weight;
        matched.add(word);
      }
    }
    let covered = 0;
    for (const word of words) {
      const concept = conceptOf(word);
      if (own.all.has(word) || (concept !== undefined && own.all.has(concept))) {
        covered++;
        matched.add(concept ?? word);
      }
    }
    const nameCoverage = total ? hit / total : 0;
    const requestCoverage = words.length ? covered / words.length : 0;
    return { tool: tool.function.name, nameCoverage, requestCoverage, fit: 0.6 * nameCoverage + 0.4 * requestCoverage, matched: [...matched] };
  });
}
