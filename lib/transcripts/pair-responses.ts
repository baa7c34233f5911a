import type { CanonicalMessage } from "./types";

/** Where a call sits: its assistant message and its index among that message's calls. */
export interface CallPosition {
  messageIndex: number;
  position: number;
}

export interface ResponsePairing {
  /** For each answered call, keyed `messageIndex:position`, the index of its `tool` message. */
  responseOf: Map<string, number>;
  /** For each `tool` message that answers a call, that call. */
  callOf: Map<number, CallPosition>;
  /** `tool` messages that answer no call: no earlier call has the id, or every such call was already answered. */
  unmatched: number[];
  /** Ids that more than one call uses (agents do reuse them: "call_1" in every turn). */
  reusedIds: Set<string>;
}

export const callKey = (messageIndex: number, position: number) => `${messageIndex}:${position}`;

/**
 * Pairs each `tool` message with the nearest earlier call of the same id that has no response
 * yet: the latest assistant message with such a call, and within it the first such call (parallel
 * calls are answered in order). Agents that reuse ids across turns then keep every response, and
 * a response never answers a call made after it.
 */
export function pairResponses(messages: readonly CanonicalMessage[]): ResponsePairing {
  // Unanswered calls by id, oldest first; each entry is one assistant message's unanswered calls of that id.
  const open = new Map<string, CallPosition[][]>();
  const seen = new Set<string>();
  const pairing: ResponsePairing = { responseOf: new Map(), callOf: new Map(), unmatched: [], reusedIds: new Set() };
  messages.forEach((message, index) => {
    if (message.role === "assistant") {
      const byId = new Map<string, CallPosition[]>();
      (message.tool_calls ?? []).forEach((call, position) => {
        if (seen.has(call.id)) pairing.reusedIds.add(call.id);
        seen.add(call.id);
        let group = byId.get(call.id);
        if (!group) byId.set(call.id, (group = []));
        group.push({ messageIndex: index, position });
      });
      for (const [id, group] of byId) {
        let groups = open.get(id);
        if (!groups) open.set(id, (groups = []));
        groups.push(group);
      }
    } else if (message.role === "tool") {
      const groups = open.get(message.tool_call_id);
      const group = groups?.[groups.length - 1];
      const call = group?.shift();
      if (!groups || !group || !call) {
        pairing.unmatched.push(index);
        return;
      }
      if (!group.length) groups.pop();
      pairing.responseOf.set(callKey(call.messageIndex, call.position), index);
      pairing.callOf.set(index, call);
    }
  });
  return pairing;
}
