import type { CanonicalTool, JsonObject } from "@/lib/transcripts/types";
import type { TextEvidence } from "./evidence";
import { conceptOf } from "./text/concepts";
import { STOPWORDS, WordSet, prefixKey, splitIdentifiers, stem, tokens } from "./text/words";

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

/** A tool's words: its name's at once, its description's when a fit first needs them. */
export class ToolWords {
  /** Meaningful words of the tool's name. */
  readonly name: string[];
  private cachedDoc?: string[];

  constructor(private readonly tool: CanonicalTool) {
    this.name = meaningful(tokens(splitIdentifiers(tool.function.name)));
  }

  /** Its description and parameter names, as meaningful tokens. */
  get doc(): string[] {
    if (!this.cachedDoc) {
      const properties = this.tool.function.parameters.properties;
      const parameterNames =
        typeof properties === "object" && properties !== null && !Array.isArray(properties) ? Object.keys(properties as JsonObject).map(splitIdentifiers).join(" ") : "";
      this.cachedDoc = tokens(`${this.tool.function.description ?? ""} ${parameterNames}`).filter(isMeaningful);
    }
    return this.cachedDoc;
  }
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

/**
 * The request's meaningful words, indexed by stem, by loose prefix and by concept, so that a
 * tool's words can be looked up without building a set per tool.
 */
interface RequestIndex {
  words: string[];
  set: WordSet;
  byStem: Map<string, number[]>;
  byPrefix: Map<string, number[]>;
  byConcept: Map<string, number[]>;
}

const requestCache = new WeakMap<TextEvidence, RequestIndex>();

function index(map: Map<string, number[]>, key: string, position: number): void {
  const list = map.get(key);
  if (list) list.push(position);
  else map.set(key, [position]);
}

function requestIndex(request: TextEvidence): RequestIndex {
  let cached = requestCache.get(request);
  if (cached) return cached;
  const words = meaningful(request.tokens);
  const set = new WordSet();
  const byStem = new Map<string, number[]>();
  const byPrefix = new Map<string, number[]>();
  const byConcept = new Map<string, number[]>();
  words.forEach((word, position) => {
    set.add(word);
    index(byStem, stem(word), position);
    const key = prefixKey(word);
    if (key) index(byPrefix, key, position);
    const concept = conceptOf(word);
    if (concept) {
      set.add(concept);
      index(byConcept, concept, position);
    }
  });
  requestCache.set(request, (cached = { words, set, byStem, byPrefix, byConcept }));
  return cached;
}

/** Name words shared by every offered tool ("country_info.*") do not tell tools apart. */
function nameWeights(tools: ToolWords[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tool of tools) for (const word of tool.name) counts.set(word, (counts.get(word) ?? 0) + 1);
  const weights = new Map<string, number>();
  for (const [word, count] of counts) weights.set(word, tools.length > 1 && count === tools.length ? 0.3 : 1);
  return weights;
}

function mark(covered: Set<number>, positions: number[] | undefined): void {
  if (positions) for (const position of positions) covered.add(position);
}

/** Marks the request positions a tool word speaks about: same stem, loose prefix or concept. */
function cover(index: RequestIndex, covered: Set<number>, word: string): void {
  mark(covered, index.byStem.get(stem(word)));
  const key = prefixKey(word);
  if (key) mark(covered, index.byPrefix.get(key));
  const concept = conceptOf(word);
  if (concept) mark(covered, index.byConcept.get(concept));
}

function fitOf(request: TextEvidence, index: RequestIndex, tool: CanonicalTool, own: ToolWords, weights: Map<string, number>): ToolFit {
  const { words, set } = index;
  let total = 0;
  let hit = 0;
  const matched = new Set<string>();
  const covered = new Set<number>();
  for (const word of own.name) {
    const weight = weights.get(word) ?? 1;
    total += weight;
    const concept = conceptOf(word);
    // "gcd" for "greatest common divisor" counts as the words themselves.
    if (set.hasShortForm(word) || (concept !== undefined && set.has(concept)) || (word.length <= 5 && request.hasInitials(word))) {
      hit += weight;
      matched.add(word);
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
  return { tool: tool.function.name, nameCoverage, requestCoverage, fit: 0.6 * nameCoverage + 0.4 * requestCoverage, matched: [...matched] };
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
    const own = tools.map((tool) => new ToolWords(tool));
    const weights = nameWeights(own);
    fits = tools.map((tool, position) => fitOf(request, index, tool, own[position], weights));
    candidates.push({ descriptions, fits });
    perRequest.byNames.set(names, candidates);
  }
  perRequest.byList.set(tools, fits);
  return fits;
}
