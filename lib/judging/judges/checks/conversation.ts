import type { CanonicalMessage } from "@/lib/transcripts/types";
import { verbStem } from "./tool-kind";

/**
 * Readings of the conversation around a call that do not depend on any domain: who said what
 * last, whether the user agreed, what the system prompt asks of the agent.
 */

// A reply that agrees, at its start, in the languages agents commonly serve.
const AFFIRMATIVE =
  /^[\s"'“¡¿(*-]*(yes|yeah|yea|yep|yup|sure|ok|okay|k|confirm\w*|correct|right|proceed|go ahead|go for it|please (do|go ahead|proceed|continue)|do it|do that|sounds (good|great|fine)|that'?s (right|correct|fine|good|perfect)|that works|absolutely|definitely|of course|affirmative|agreed|i agree|perfect|great|fine|alright|all right|exactly|si|sí|claro|vale|de acuerdo|por favor|oui|d'accord|bien sûr|ja|jawohl|genau|klar|sim|certo|tak|evet|да|конечно|хорошо|ага|はい|ええ|お願いします|是|是的|好|好的|对|可以|네|예|좋아요|हाँ|हां|ठीक|जी|نعم|أجل|כן|ndiyo|ya|iya|oo|vâng|có|ใช่|ครับ|ค่ะ)(?![\p{L}\p{N}])/iu;
const NEGATIVE = /^[\s"'“¡¿(*-]*(no(?![,.!\s]+(that'?s|it'?s|problem|worries|need to worry)\b)|nope|nah|don'?t|do not|stop|wait|cancel that|not yet|never ?mind|hold on|non|nein|não|nie|нет|いいえ|不|不要|아니요|नहीं|لا)(?![\p{L}\p{N}])/iu;

// Agreement said later in a reply ("Thanks for checking! And yes, please go ahead and cancel
// both."); English only, since agents' users most often write it, and phrases specific enough
// not to occur by chance. A "not" or "don't" just before one undoes it.
const AGREEMENT = /(?<!\b(not|n't|never|no)\s{1,3})\b(yes|yeah|yep|please (do|proceed|go ahead|continue|cancel|book|send|issue|update|change|modify|process|make|place|submit|apply|use|charge|refund|return|exchange)|go ahead|proceed with|confirm(ed)?|i confirm|do it|sounds (good|great|fine|perfect)|that works|let'?s (do|go with|proceed)|that'?s (correct|right)|absolutely|definitely)\b/i;

export function isAffirmative(text: string | null): boolean {
  if (text === null || NEGATIVE.test(text)) return false;
  return AFFIRMATIVE.test(text) || AGREEMENT.test(text);
}

const NEGATORS = new Set(["not", "no", "never", "don't", "dont", "do not", "doesn't", "won't", "shouldn't", "can't", "cannot"]);
// A question about the action, not a request for it: "Can I cancel it?", "Is it possible to change…?"
const ABOUT_THE_ACTION = /^\s*(can i|could i|should i|do i|would i|may i|is it|is there|are there|what|how|why|when|which|will (it|that|this|i))\b/i;

/**
 * Whether a reply itself asks for the action the call takes ("I want to cancel both", "Just
 * cancel it"): in English, the action's verb in a sentence that is not negated and not a
 * question about whether it can be done. An instruction given after the assistant's proposal is
 * as explicit as a "yes".
 */
export function requestsAction(text: string | null, verb: string): boolean {
  if (text === null || NEGATIVE.test(text)) return false;
  for (const sentence of text.split(/(?<=[.!?\n])\s+/)) {
    if (sentence.trim().endsWith("?") && ABOUT_THE_ACTION.test(sentence)) continue;
    const words = sentence.toLowerCase().match(/[a-z']+/g) ?? [];
    for (let index = 0; index < words.length; index++) {
      if (verbStem(words[index]) !== verb) continue;
      if (!words.slice(Math.max(0, index - 3), index).some((word) => NEGATORS.has(word))) return true;
    }
  }
  return false;
}

export function lastIndexOf(messages: readonly CanonicalMessage[], role: CanonicalMessage["role"], before = messages.length): number {
  for (let index = Math.min(before, messages.length) - 1; index >= 0; index--) if (messages[index].role === role) return index;
  return -1;
}

const hasText = (message: CanonicalMessage) => typeof message.content === "string" && message.content.trim() !== "";

// How many of the user's latest turns may hold the agreement: the assistant often asks a last
// detail (a reason, a payment method) after the user said yes.
const TURNS_BACK = 3;

/**
 * Whether the user explicitly agreed before the call: the assistant said something after one of
 * the user's turns (what it would do), the user's next turn agrees with it, and no later turn
 * takes it back. `reply` is the user's latest turn, `proposal` the assistant message last agreed
 * to (or the last one the latest turn answered).
 */
export function userConfirmed(context: readonly CanonicalMessage[], verb: string | null = null): { confirmed: boolean; proposal: number; reply: number } {
  const latest = lastIndexOf(context, "user");
  let reply = latest;
  let firstProposal = -1;
  for (let turn = 0; turn < TURNS_BACK && reply >= 0; turn++) {
    const text = context[reply].content;
    if (text !== null && NEGATIVE.test(text)) break;
    const previousUser = lastIndexOf(context, "user", reply);
    let proposal = -1;
    for (let index = reply - 1; index > previousUser; index--) {
      if (context[index].role === "assistant" && hasText(context[index])) {
        proposal = index;
        break;
      }
    }
    if (turn === 0) firstProposal = proposal;
    if (proposal >= 0 && (isAffirmative(text) || (verb !== null && requestsAction(text, verb)))) return { confirmed: true, proposal, reply: latest };
    reply = previousUser;
  }
  return { confirmed: false, proposal: firstProposal, reply: latest };
}

// A policy that asks the agent to get the user's agreement before acting.
const CONFIRMATION_POLICY =
  /\b(confirm\w*|consent|approv\w*|explicit(ly)? (agree\w*|ask\w*|yes)|permission)\b[^.\n]{0,120}\b(before|prior to|first|proceed\w*|action|actions|act|taking|update|change|book|cancel|modif\w*)\b|\b(before|prior to)\b[^.\n]{0,120}\b(confirm\w*|consent|approv\w*|agree\w*|permission)\b/i;

export function policyRequiresConfirmation(context: readonly CanonicalMessage[]): boolean {
  for (const message of context) {
    if (message.role === "system" && typeof message.content === "string" && CONFIRMATION_POLICY.test(message.content)) return true;
    if (message.role !== "system") break;
  }
  return false;
}

/**
 * Whether the call is the whole of the agent's work so far: no earlier assistant turn or tool
 * result, only the request (and a system prompt). Only then does the request alone say what
 * the call must do; later in a conversation a call may serve a step the request never names.
 */
export function isSingleShot(context: readonly CanonicalMessage[]): boolean {
  return !context.some((message) => message.role === "assistant" || message.role === "tool");
}
