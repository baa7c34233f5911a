import type { CanonicalTool, JsonObject } from "@/lib/transcripts/types";
import type { TextEvidence } from "./evidence";
import { conceptOf } from "./text/concepts";
import { STOPWORDS, WordSet, prefixKey, splitIdentifiers, stem, tokens } from "./text/words";
import { sharedCache } from "./shared-caches";

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

const isMeaningful = (word: string) => word.length > 1 && !STOPWORDS.has(word) && !GENERIC.has(word) && !(word.charCodeAt(0) >= 48 && word.charCodeAt(0) <= 57);
const meaningful = (words: string[]) => [...new Set(words.filter(isMeaningful))];

/** A tool's words: those of its name, and those of its description and parameter names. */
export interface ToolWords {
  /** Meaningful words of the tool's name. */
  readonly name: string[];
  /** Its description and parameter names, as meaningful tokens. */
  readonly doc: string[];
}

function parameterNames(tool: CanonicalTool): string[] {
  const properties = tool.function.parameters.properties;
  return typeof properties === "object" && properties !== null && !Array.isArray(properties) ? Object.keys(properties as JsonObject) : [];
}

// Transcripts of one agent offer the same tools over and over, each transcript its own copy:
// their words are read once per distinct name, description and parameter names.
const toolWordsByText = sharedCache(new Map<string, ToolWords>());

// In front of the cache by content: every call of a transcript reads the same tool objects again,
// and the key by content copies and hashes the whole description each time.
const toolWordsByTool = new WeakMap<CanonicalTool, ToolWords>();

export function toolWordsOf(tool: CanonicalTool): ToolWords {
  let words = toolWordsByTool.get(tool);
  if (!words) toolWordsByTool.set(tool, (words = toolWordsByContent(tool)));
  return words;
}

function toolWordsByContent(tool: CanonicalTool): ToolWords {
  const { name, description } = tool.function;
  const parameters = parameterNames(tool);
  const text = description ?? "";
  // Lengths first, so that no name or description (even one holding the separator) can pass
  // for another; the separator between parameter names reads as a space would.
  const key = `${name.length},${text.length}\u0000${name}${text}\u0000${parameters.join("\u0000")}`;
  let words = toolWordsByText.get(key);
  if (!words) {
    words = {
      name: meaningful(tokens(splitIdentifiers(name))),
      doc: tokens(`${text} ${parameters.map(splitIdentifiers).join(" ")}`).filter(isMeaningful),
    };
    // Bounded for long-running servers.
    if (toolWordsByText.size >= 5000) toolWordsByText.clear();
    toolWordsByText.set(key, words);
  }
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
  /** Words of the tool's name the request itself uses (not only a word of the same concept). */
  namedWords: string[];
}

/**
 * The request's meaningful words with, at the same positions, their stems, loose prefixes and
 * concepts: a tool's words are matched by scanning these short lists (a request has a dozen
 * meaningful words or so), in position order, without building a map or a set per request.
 */
interface RequestIndex {
  words: string[];
  set: WordSet;
  stems: string[];
  prefixes: (string | null)[];
  concepts: (string | undefined)[];
}

/**
 * Built only when a tool list's fits are computed, and not kept: the fits are kept instead, and
 * an index kept for every request would survive into the old generation for the garbage
 * collector to copy (a request rarely meets a second tool list).
 */
function requestIndex(request: TextEvidence): RequestIndex {
  const words = meaningful(request.tokens);
  const set = new WordSet();
  const stems: string[] = [];
  const prefixes: (string | null)[] = [];
  const concepts: (string | undefined)[] = [];
  for (const word of words) {
    set.add(word);
    stems.push(stem(word));
    prefixes.push(prefixKey(word));
    const concept = conceptOf(word);
    concepts.push(concept);
    if (concept) set.add(concept);
  }
  return { words, set, stems, prefixes, concepts };
}

/** Name words shared by every offered tool ("country_info.*") do not tell tools apart. */
function nameWeights(tools: ToolWords[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tool of tools) for (const word of tool.name) counts.set(word, (counts.get(word) ?? 0) + 1);
  const weights = new Map<string, number>();
  for (const [word, count] of counts) weights.set(word, tools.length > 1 && count === tools.length ? 0.3 : 1);
  return weights;
}

/**
 * Marks the request positions a tool word speaks about: same stem, then loose prefix, then
 * concept, each in position order (the order of `covered` is the order `matched` lists them).
 */
function cover(index: RequestIndex, covered: Set<number>, word: string): void {
  const { stems, prefixes, concepts } = index;
  const wordStem = stem(word);
  for (let position = 0; position < stems.length; position++) if (stems[position] === wordStem) covered.add(position);
  const key = prefixKey(word);
  if (key) for (let position = 0; position < prefixes.length; position++) if (prefixes[position] === key) covered.add(position);
  const concept = conceptOf(word);
  if (concept) for (let position = 0; position < concepts.length; position++) if (concepts[position] === concept) covered.add(position);
}

function fitOf(request: TextEvidence, index: RequestIndex, tool: CanonicalTool, own: ToolWords, weights: Map<string, number>): ToolFit {
  const { words, set } = index;
  let total = 0;
  let hit = 0;
  const matched = new Set<string>();
  const namedWords: string[] = [];
  const covered = new Set<number>();
  for (const word of own.name) {
    const weight = weights.get(word) ?? 1;
    total += weight;
    const concept = conceptOf(word);
    // "gcd" for "greatest common divisor" counts as the words themselves.
    const literal = set.hasShortForm(word) || (word.length <= 5 && request.hasInitials(word));
    if (literal || (concept !== undefined && set.has(concept))) {
      hit += weight;
      matched.add(word);
      if (literal) namedWords.push(word);
    }
    cover(index, covered, word);
  }
  for (const word of own.doc) cover(index, covered, word);
  for (const position of covered) {
    const word = words[position];
    matched.add(conceptOf(word) ?? word);
  }
  const nameCoverage = total ? hit / total : 0;
  const requestCoverage = words.length ? covered.size / words.length : 0;
  return { tool: tool.function.name, nameCoverage, requestCoverage, fit: 0.6 * nameCoverage + 0.4 * requestCoverage, matched: [...matched], namedWords };
}

interface CachedFits {
  descriptions: (string | undefined)[];
  fits: ToolFit[];
}

interface RequestFits {
  /** By tool-list object: the calls of one transcript share its list. */
  byList: WeakMap<CanonicalTool[], ToolFit[]>;
  byNames: Map<string, CachedFits[]>;
}

const byRequest = new WeakMap<TextEvidence, RequestFits>();

/**
 * How well each offered tool fits the request. Fits are the same for every call that shares a
 * request and a tool list, and a copy of the same tool list (same names and descriptions) is
 * the same list: computed once. The lookup and the computation are one function on purpose:
 * a small computing function between them was optimised by V8 twice, alone and inlined here.
 */
export function toolFits(request: TextEvidence, tools: CanonicalTool[]): ToolFit[] {
  let perRequest = byRequest.get(request);
  if (!perRequest) byRequest.set(request, (perRequest = { byList: new WeakMap(), byNames: new Map() }));
  let fits = perRequest.byList.get(tools);
  if (fits) return fits;
  const names = tools.map((tool) => tool.function.name).join("\u0000");
  const descriptions = tools.map((tool) => tool.function.description);
  const candidates = perRequest.byNames.get(names) ?? [];
  const same = candidates.find((entry) => entry.descriptions.every((description, index) => description === descriptions[index]));
  if (same) fits = same.fits;
  else {
    const index = requestIndex(request);
    const own = tools.map(toolWordsOf);
    const weights = nameWeights(own);
    fits = tools.map((tool, position) => fitOf(request, index, tool, own[position], weights));
    candidates.push({ descriptions, fits });
    perRequest.byNames.set(names, candidates);
  }
  perRequest.byList.set(tools, fits);
  return fits;
}
