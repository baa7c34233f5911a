import type { CanonicalTool } from "@/lib/transcripts/types";
import { sharedCache } from "./shared-caches";
import { splitIdentifiers, tokens } from "./text/words";

/**
 * Whether a tool changes the world (books, cancels, sends, pays) or only reads it, from the verbs
 * of its name and description: what every agent framework's tools say of themselves, in any
 * domain. A tool neither names nor describes is taken to read.
 */
export interface ToolKind {
  changesState: boolean;
  /** The verb that decided it ("cancel"), for explanations. */
  verb: string | null;
}

// Verbs that change state. Inflected forms are matched by their stem below.
const WRITE_VERBS = new Set(
  (
    "create add insert book reserve rebook update modify change edit set cancel delete remove erase drop destroy purge " +
    "send post email message notify reply forward publish share invite pay charge bill refund transfer withdraw deposit " +
    "exchange return submit place purchase buy order sell schedule reschedule assign unassign approve reject close archive " +
    "move rename write upload register enroll subscribe unsubscribe activate deactivate enable disable reset revoke grant " +
    "apply toggle lock unlock block unblock ban suspend restore upgrade downgrade renew extend redeem claim transfer " +
    "mark tag untag label merge split deploy install uninstall launch start stop restart kill terminate execute run trigger " +
    "save store commit push file"
  ).split(/\s+/),
);

// Verbs that only read or compute.
const READ_VERBS = new Set(
  (
    "get list search find lookup look query fetch retrieve read show view display check calculate compute count estimate " +
    "convert validate verify think describe summarize summarise explain analyze analyse compare predict recommend suggest " +
    "browse inspect preview download print see track locate detect identify translate parse format render plan evaluate " +
    "determine measure test ping echo"
  ).split(/\s+/),
);

// Built once: a literal inside verbStem would be allocated again on every call.
const VERB_SUFFIXES: readonly (readonly [string, string])[] = [
  ["ying", "y"],
  ["ies", "y"],
  ["ied", "y"],
  ["lling", "l"],
  ["lled", "l"],
  ["ing", ""],
  ["ing", "e"],
  ["ed", ""],
  ["ed", "e"],
  ["es", ""],
  ["s", ""],
];

/** "cancelled" -> "cancel", "books" -> "book", "modifying" -> "modify": enough for verbs. */
export function verbStem(word: string): string {
  if (WRITE_VERBS.has(word) || READ_VERBS.has(word)) return word;
  for (const [suffix, replacement] of VERB_SUFFIXES) {
    if (word.endsWith(suffix)) {
      const candidate = word.slice(0, -suffix.length) + replacement;
      if (WRITE_VERBS.has(candidate) || READ_VERBS.has(candidate)) return candidate;
    }
  }
  return word;
}

// Words that are as often nouns as verbs ("book_search", "get_order"): one decides only when no
// other verb follows it.
const NOUN_OR_VERB = new Set("book order file message email post tag label return transfer charge bill store mark share plan test record claim".split(" "));
// Description openings that say nothing of what the tool does to the world.
const NEUTRAL_OPENINGS = new Set(["return", "provide", "give", "use", "call", "invoke", "tool", "function", "api", "endpoint"]);

const NO_SKIP: ReadonlySet<string> = new Set();

function kindOfWords(words: readonly string[], skip: ReadonlySet<string> = NO_SKIP): ToolKind | null {
  let fallback: ToolKind | null = null;
  for (const word of words) {
    const stem = verbStem(word);
    if (skip.has(stem)) continue;
    const kind = WRITE_VERBS.has(stem) ? { changesState: true, verb: stem } : READ_VERBS.has(stem) ? { changesState: false, verb: stem } : null;
    if (!kind) continue;
    if (!NOUN_OR_VERB.has(stem)) return kind;
    fallback ??= kind;
  }
  return fallback;
}

// "transfer_to_human_agents", "escalate to a representative": handing the conversation over
// changes nothing the user must agree to.
const HANDOFF = /\b(human|agent|agents|operator|representative|person|staff|support|specialist|supervisor)\b/;

const kinds = sharedCache(new Map<string, ToolKind>());
// In front of the cache by content: every call of a transcript asks again about the same tool
// objects, and a key holding the whole description costs a copy and a hash each time.
const kindsByTool = new WeakMap<CanonicalTool, ToolKind>();

export function toolKind(tool: CanonicalTool): ToolKind {
  let kind = kindsByTool.get(tool);
  if (!kind) kindsByTool.set(tool, (kind = toolKindByContent(tool)));
  return kind;
}

function toolKindByContent(tool: CanonicalTool): ToolKind {
  const { name, description } = tool.function;
  const key = `${name}\u0000${description ?? ""}`;
  let kind = kinds.get(key);
  if (!kind) {
    // The name's first verb decides ("get_reservation_details" reads even if its description
    // mentions bookings); then the description's first sentence.
    const firstSentence = (description ?? "").split(/[.\n]/, 1)[0];
    kind = kindOfWords(tokens(splitIdentifiers(name))) ?? kindOfWords(tokens(firstSentence).slice(0, 6), NEUTRAL_OPENINGS) ?? { changesState: false, verb: null };
    if (kind.changesState && (kind.verb === "transfer" || kind.verb === "escalate") && HANDOFF.test(splitIdentifiers(name).toLowerCase())) kind = { changesState: false, verb: "hand over" };
    if (kinds.size >= 5000) kinds.clear();
    kinds.set(key, kind);
  }
  return kind;
}
