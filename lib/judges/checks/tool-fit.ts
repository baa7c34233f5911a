import type { CanonicalTool, JsonObject, JsonValue } from "@/lib/transcripts/types";
import type { TextEvidence } from "./evidence";
import { STOPWORDS, WordSet, splitIdentifiers, tokens } from "./text/words";

/**
 * How well an offered tool matches the user's request, from words alone: the tool's name,
 * description and parameter names against the request. Crude, but cheap, deterministic and
 * explainable ("the request mentions triangle, area; the tool's name says circle").
 */

// Verbs and nouns that every tool name or request uses; they say nothing about fit.
const GENERIC = new Set(
  (
    "get set find calculate calc compute retrieve fetch search lookup look query provide return returns list show display " +
    "check create make run perform do generate determine estimate evaluate analyze analyse process handle update " +
    "info information detail details data value values result results number numbers amount given specific certain based " +
    "using use tool function api service request user method type new current give tell want need help please " +
    "v1 v2 v3 by for of the and or to in on at with from into a an"
  ).split(/\s+/),
);

export interface ToolWords {
  name: string[];
  /** Everything the tool says about itself: name, description, parameter names. */
  all: WordSet;
}

const cache = new WeakMap<CanonicalTool, ToolWords>();

const meaningful = (words: string[]) => [...new Set(words.filter((word) => !STOPWORDS.has(word) && !GENERIC.has(word) && !/^\d/.test(word) && word.length > 1))];

export function toolWords(tool: CanonicalTool): ToolWords {
  const cached = cache.get(tool);
  if (cached) return cached;
  const name = meaningful(tokens(splitIdentifiers(tool.function.name)));
  const properties = tool.function.parameters.properties;
  const parameterNames =
    typeof properties === "object" && properties !== null && !Array.isArray(properties) ? Object.keys(properties as JsonObject).map(splitIdentifiers).join(" ") : "";
  const all = new WordSet([...name, ...tokens(tool.function.description ?? ""), ...tokens(parameterNames)]);
  const words = { name, all };
  cache.set(tool, words);
  return words;
}

export interface ToolFit {
  tool: string;
  /** Share of the tool's name words the request mentions (weighted). */
  nameCoverage: number;
  /** Share of the request's content words the tool's name, description or parameters mention. */
  requestCoverage: number;
  fit: number;
  matched: string[];
  missing: string[];
}

export function requestWords(request: TextEvidence): string[] {
  return meaningful(tokens(request.raw));
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
  const words = requestWords(request);
  const weights = nameWeights(tools);
  return tools.map((tool) => {
    const own = toolWords(tool);
    let total = 0;
    let hit = 0;
    const matched: string[] = [];
    const missing: string[] = [];
    for (const word of own.name) {
      const weight = weights.get(word) ?? 1;
      total += weight;
      if (request.words.has(word)) {
        hit += weight;
        matched.push(word);
      } else missing.push(word);
    }
    const nameCoverage = total ? hit / total : 0;
    const covered = words.filter((word) => own.all.has(word));
    const requestCoverage = words.length ? covered.length / words.length : 0;
    for (const word of covered) if (!matched.includes(word)) matched.push(word);
    return { tool: tool.function.name, nameCoverage, requestCoverage, fit: 0.6 * nameCoverage + 0.4 * requestCoverage, matched, missing };
  });
}

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
