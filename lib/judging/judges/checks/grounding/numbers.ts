import type { CallContext } from "../context";
import { isSingleShot } from "../conversation";
import type { TextEvidence } from "../evidence";
import type { PropertyHints } from "../schema/property";
import { isWellKnownConstant } from "../text/constants";
import { matchesConverted } from "../text/conversions";
import { matchesNumber } from "../text/numbers";
import { STOPWORDS, splitIdentifiers, tokens } from "../text/words";
import { grounded, userSources, where, type Grounding } from "./result";

/** Numbers the request writes that no argument of the message uses, in any reading. */
function unusedMentions(context: CallContext): string[] {
  const request = context.request;
  if (!request) return [];
  const used = context.usedNumbers;
  return request.mentions.filter((values) => !values.some((value) => matchesNumber(value, used))).map((values) => String(values[0]));
}

// Words that may stand between a name and its number: "velocity of 0", "rating is 2.0".
const LINKS = new Set(["of", "is", "are", "was", "be", "at", "to", "equals", "equal", "about", "around", "approximately", "exactly", "as", "set", "with"]);

/**
 * The numbers the request gives for this very argument, where it names it: "initial velocity 0"
 * for `initialVelocity`, "rating 2.0 or higher" for `avg_rating`. Read after the argument's last
 * word (three letters or more). A number with a unit after it ("50mH", "5ft 10in") is left out:
 * the argument may hold it converted.
 */
export function statedFor(key: string, request: TextEvidence | undefined): number[] {
  if (!request) return [];
  const words = tokens(splitIdentifiers(key)).filter((word) => word.length >= 3 && !STOPWORDS.has(word));
  const last = words[words.length - 1];
  if (!last) return [];
  const list = request.tokens;
  const stated: number[] = [];
  for (let index = 0; index < list.length; index++) {
    if (list[index] !== last && list[index] !== `${last}s`) continue;
    for (let next = index + 1; next <= index + 3 && next < list.length; next++) {
      if (/^\d/.test(list[next])) {
        const unit = list[next + 1];
        if (unit === undefined || !/^[a-z]/.test(unit) || STOPWORDS.has(unit)) stated.push(Number(list[next]));
        break;
      }
      if (!LINKS.has(list[next])) break;
    }
  }
  return stated;
}

export function groundNumber(value: number, hints: PropertyHints, sources: TextEvidence[], shown: string, context?: CallContext, key?: string): Grounding {
  for (const source of sources) {
    const numbers = source.numbers;
    // An exact hit (the usual case) needs no scan for floating-point neighbours.
    if (numbers.has(value) || numbers.has(-value) || matchesNumber(value, source.numberList) || matchesNumber(-value, source.numberList)) return grounded(`found in ${source.label}`);
  }
  return groundUnstated(value, hints, sources, shown, context, key);
}

/** A number the conversation does not state as such: the slower readings, in order. */
function groundUnstated(value: number, hints: PropertyHints, sources: TextEvidence[], shown: string, context?: CallContext, key?: string): Grounding {
  if (hints.description && matchesNumber(value, hints.description.numberList)) return grounded("named in the parameter's description", "schema");
  for (const source of sources) {
    if (matchesConverted(value, source.converted)) {
      return { status: "weak", penalty: 0.03, reason: "matches a stated quantity only after converting units or periods", evidence: `value ${shown}; compared with ${source.cited}` };
    }
  }
  // An item of a list takes its name from the list, which the request may give whole; and 0 is
  // often said in words ("from rest").
  const stated = key && context && value !== 0 ? statedFor(key, context.request) : [];
  if (stated.length && !matchesNumber(value, stated)) {
    return { status: "ungrounded", penalty: 0.6, reason: `differs from the ${stated.slice(0, 3).join(", ")} the request gives for it`, evidence: `value ${shown}; compared with ${context?.request?.cited ?? where(sources)}` };
  }
  if (isWellKnownConstant(value)) {
    return { invented: true, status: "weak", penalty: 0.03, reason: "is a well-known constant the request does not state", evidence: `value ${shown}` };
  }
  for (const source of sources) {
    // The same quantity written as a percentage or as a fraction (7 vs 0.07).
    if (matchesNumber(value * 100, source.numberList) || matchesNumber(value / 100, source.numberList)) {
      return { status: "weak", penalty: 0.05, reason: "matches a stated number only as a percentage", evidence: `value ${shown}` };
    }
  }
  const operands = differenceOf(value, userSources(sources));
  if (operands) {
    return { status: "weak", penalty: 0.1, reason: `is not stated, but is ${operands} of numbers the request states`, evidence: `value ${shown}; compared with ${where(sources)}` };
  }
  if (value === 0 || value === 1) {
    return { invented: true, status: "weak", penalty: 0.2, reason: "is a neutral value the request does not state", evidence: `value ${shown}; compared with ${where(sources)}` };
  }
  // Later in a conversation numbers are often computed from tool results (a total, a refund):
  // one the conversation does not state is a doubt, not evidence.
  if (context && !isSingleShot(context.view.context)) {
    return { invented: true, status: "weak", penalty: 0.15, reason: "does not appear in the conversation (it may be computed from earlier results)", evidence: `value ${shown}; compared with ${where(sources)}` };
  }
  // With a stated number left unused the value most likely replaced it; otherwise it may be
  // a value the agent inferred (a deck has 52 cards), which is doubtful but not damning.
  const unused = context ? unusedMentions(context) : [];
  return unused.length
    ? { invented: true, status: "ungrounded", penalty: 0.6, reason: `does not appear in the conversation, which states ${unused.slice(0, 3).join(", ")} that no argument uses`, evidence: `value ${shown}; compared with ${where(sources)}` }
    : { invented: true, status: "ungrounded", penalty: 0.4, reason: "does not appear in the conversation", evidence: `value ${shown}; compared with ${where(sources)}` };
}

// Pairs of a long text's numbers grow quadratically; a request states few.
const MAX_OPERANDS = 24;

/**
 * Whether the value is the difference of two numbers the user states: two nights from "August
 * 15th to August 17th", 2016 from "seven years before 2023". A span between stated bounds is a
 * reading of the request, not a made-up value. (Sums are left out: a request's small numbers add
 * up to a replaced value too often.)
 */
function differenceOf(value: number, request: TextEvidence[]): string | null {
  if (value === 0 || value === 1 || !Number.isFinite(value)) return null;
  const numbers = [...new Set(request.flatMap((source) => source.numberList))].slice(0, MAX_OPERANDS);
  for (let i = 0; i < numbers.length; i++) {
    for (let j = i + 1; j < numbers.length; j++) {
      const [a, b] = [numbers[i], numbers[j]];
      if (a === value || b === value) continue;
      if (matchesNumber(value, [Math.abs(a - b)])) return "the difference";
    }
  }
  return null;
}
