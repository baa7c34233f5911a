import { sameArguments } from "./canonical";
import type { ResponseStatus } from "./response-status";

/** An earlier call as both the call-level and the agent-level repeat checks see it. */
export interface PriorCall {
  name: string;
  rawArguments: string;
  changesState: boolean;
  /** What the tool answered; null when it has not (yet) answered. */
  status: ResponseStatus | null;
  /** Made in the same assistant message as the call being judged. */
  sibling: boolean;
}

/** The tool answered: a result, even an empty one, rather than an error. */
export const answered = (status: ResponseStatus | null): boolean => status?.kind === "ok" || status?.kind === "empty";

/**
 * The earlier call a read repeats, or null. A repeat is the same read with the same arguments after
 * the tool answered it, with no successful change of state in between: reading again after a
 * change is checking the change, and an earlier read that failed or never answered asked nothing
 * yet (a retry of a rejected call is futile-retry's). `earlier` is in transcript order.
 */
export function repeatedRead<C extends PriorCall>(earlier: readonly C[], name: string, rawArguments: string): C | null {
  for (let index = earlier.length - 1; index >= 0; index--) {
    const candidate = earlier[index];
    if (candidate.changesState) {
      if (answered(candidate.status)) return null;
      continue;
    }
    if (candidate.sibling || candidate.name !== name || !answered(candidate.status)) continue;
    if (sameArguments(rawArguments, candidate.rawArguments)) return candidate;
  }
  return null;
}
