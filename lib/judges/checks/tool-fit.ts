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

/** The keys a word is matched by: its stem, its loose prefix, its concept. */
interface WordKeys {
  word: string;
  stem: string;
  prefix: string | null;
  concept: string | undefined;
}

// Tools and requests share most of their words: each word's keys are worked out once.
const keysByWord = new Map<string, WordKeys>();
const MAX_WORDS = 50_000;

function keysOf(word: string): WordKeys {
  let keys = keysByWord.get(word);
  if (!keys) {
    keys = { word, stem: stem(word), prefix: prefixKey(word), concept: conceptOf(word) };
    if (keysByWord.size >= MAX_WORDS) keysByWord.clear();
    keysByWord.set(word, keys);
  }
  return keys;
}

/** A tool's words: its name's at once, its description's when a fit first needs them. */
export class ToolWords {
  /** Meaningful words of the tool's name. */
  readonly name: string[];
  readonly nameKeys: WordKeys[];
  private cachedDoc?: WordKeys[];

  constructor(private readonly tool: CanonicalTool) {
    this.name = meaningful(tokens(splitIdentifiers(tool.function.name)));
    this.nameKeys = this.name.map(keysOf);
  }

  /**
   * Its description's and parameter names' meaningful words, each once and none of the
   * name's: they only mark the request words they speak about, which a repeat cannot add to.
   */
  get docKeys(): WordKeys[] {
    if (!this.cachedDoc) {
      const properties = this.tool.function.parameters.properties;
      const parameterNames =
        typeof properties === "object" && properties !== null && !Array.isArray(properties) ? Object.keys(properties as JsonObject).map(splitIdentifiers).join(" ") : "";
      const seen = new Set(this.name);
      const doc: WordKeys[] = [];
      for (const word of tokens(`${this.tool.function.description ?? ""} ${parameterNames}`)) {
        if (seen.has(word) || !isMeaningful(word)) continue;
        seen.add(word);
        doc.push(keysOf(word));
      }
      this.cachedDoc = doc;
    }
    return this.cachedDoc;
  }
}

const cache = new WeakMap<CanonicalTool, ToolWords>();

export function toolWords(tool: CanonicalTool): ToolWords {
  let words = cache.get(tool);
  if (!words) cache.set(tool, (words = new ToolWords(tool)));
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
  for (let position = 0; position < words.length; position++) {
    const keys = keysOf(words[position]);
    set.add(keys.word);
    index(byStem, keys.stem, position);
    if (keys.prefix) index(byPrefix, keys.prefix, position);
    if (keys.concept) {
      set.add(keys.concept);
      index(byConcept, keys.concept, position);
    }
  }
  requestCache.set(request, (cached = { words, set, byStem, byPrefix, byConcept }));
  return cached;
}

/** Name words shared by every offered tool ("country_info.*") do not tell tools apart. */
function sharedNameWords(tools: CanonicalTool[]): Set<string> | null {
  if (tools.length < 2) return null;
  const counts = new Map<string, number>();
  for (const tool of tools) for (const word of toolWords(tool).name) counts.set(word, (counts.get(word) ?? 0) + 1);
  const shared = new Set<string>();
  counts.forEach((count, word) => {
    if (count === tools.length) shared.add(word);
  });
  return shared;
}

/**
 * Request positions a tool speaks about, in the order they were first marked: a scratch list
 * reused from fit to fit (fits are computed one at a time), with a generation number per slot
 * instead of a set to clear.
 */
const markedAt: number[] = [];
let generation = 0;

function mark(covered: number[], positions: number[] | undefined): void {
  if (!positions) return;
  for (let index = 0; index < positions.length; index++) {
    const position = positions[index];
    if (markedAt[position] === generation) continue;
    markedAt[position] = generation;
    covered.push(position);
  }
}

/** Marks the request positions a tool word speaks about: same stem, loose prefix or concept. */
function cover(index: RequestIndex, covered: number[], keys: WordKeys): void {
  mark(covered, index.byStem.get(keys.stem));
  if (keys.prefix) mark(covered, index.byPrefix.get(keys.prefix));
  if (keys.concept) mark(covered, index.byConcept.get(keys.concept));
}

function addOnce(list: string[], word: string): void {
  if (!list.includes(word)) list.push(word);
}

function fitOf(request: TextEvidence, index: RequestIndex, tool: CanonicalTool, shared: Set<string> | null): ToolFit {
  const { words, set } = index;
  const own = toolWords(tool);
  let total = 0;
  let hit = 0;
  const matched: string[] = [];
  const covered: number[] = [];
  generation++;
  for (const keys of own.nameKeys) {
    const word = keys.word;
    const weight = shared?.has(word) ? 0.3 : 1;
    total += weight;
    // "gcd" for "greatest common divisor" counts as the words themselves.
    if (set.hasShortForm(word) || (keys.concept !== undefined && set.has(keys.concept)) || (word.length <= 5 && request.hasInitials(word))) {
      hit += weight;
      addOnce(matched, word);
    }
    cover(index, covered, keys);
  }
  for (const keys of own.docKeys) cover(index, covered, keys);
  for (const position of covered) {
    const keys = keysOf(words[position]);
    addOnce(matched, keys.concept ?? keys.word);
  }
  const nameCoverage = total ? hit / total : 0;
  const requestCoverage = words.length ? covered.length / words.length : 0;
  return { tool: tool.function.name, nameCoverage, requestCoverage, fit: 0.6 * nameCoverage + 0.4 * requestCoverage, matched };
}

export function toolFits(request: TextEvidence, tools: CanonicalTool[]): ToolFit[] {
  const index = requestIndex(request);
  const shared = sharedNameWords(tools);
  return tools.map((tool) => fitOf(request, index, tool, shared));
}
