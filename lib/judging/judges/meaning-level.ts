// Pure and free of the judges' code: the criteria page and the new-run form read it in the browser.

/**
 * What a criterion can ask about that no rule can read: whether a call or an agent followed a
 * policy, accomplished what the user wanted, was true to facts outside the transcript, or spoke
 * well. Each needs a model that reads meaning. The built-in judge measures structure, so a
 * criterion about one of these gets no verdict from it unless a check finds a structural problem
 * the criterion also names.
 */
export type MeaningSubject = "policy" | "goal" | "facts" | "tone";

interface MeaningEntry {
  /** "policy compliance", as explanations name it. */
  label: string;
  /** Words about the subject itself, never about a dataset's topics or tools. */
  cues: RegExp;
}

export const MEANING_SUBJECTS: Readonly<Record<MeaningSubject, MeaningEntry>> = {
  policy: {
    label: "policy compliance",
    cues: /\b(polic(y|ies)|guidelines?|(business|company|operating|domain|house|agent'?s?) rules|the rules|rules (of|in|from|given)|system prompt|regulations?)\b/,
  },
  goal: {
    label: "whether the user's goal was accomplished",
    cues: /\b(goals?|objectives?|task (success|completion)|(accomplish|achiev|complet|resolv|solv)\w*\b[^.;]{0,30}?\b(task|request|goal|problem|issue|need)s?|succe\w* (at|in|with) (the |their |its )?(task|request))\b/,
  },
  facts: {
    label: "correctness against facts outside the transcript",
    cues: /\b(factual\w*|facts?|real[- ]world|up[- ]to[- ]date|accurate information|actually (true|exists?|correct))\b/,
  },
  tone: {
    label: "helpfulness and tone",
    cues: /\b(tone|polite\w*|courteous\w*|friendly|rude\w*|empath\w*|professional\w*|helpful\w*|respectful\w*|concise\w*|verbose|clarity)\b/,
  },
};

/** The meaning-level subjects a condition names, in a fixed order. */
export function meaningSubjects(condition: string): MeaningSubject[] {
  const text = condition.toLowerCase();
  return (Object.keys(MEANING_SUBJECTS) as MeaningSubject[]).filter((subject) => MEANING_SUBJECTS[subject].cues.test(text));
}

export const MODEL_JUDGES = "choose OpenAI-compatible or Anthropic";

/** needsModelJudge inside a sentence: "… because policy compliance needs an LLM judge: …". */
export function needsModelJudgeMidSentence(subjects: readonly MeaningSubject[]): string {
  const text = needsModelJudge(subjects);
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** "Policy compliance needs an LLM judge: choose OpenAI-compatible or Anthropic." */
export function needsModelJudge(subjects: readonly MeaningSubject[]): string {
  const labels = subjects.map((subject) => MEANING_SUBJECTS[subject].label);
  const named = labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}` : labels[0];
  return `${named[0].toUpperCase()}${named.slice(1)} ${labels.length > 1 ? "need" : "needs"} an LLM judge: ${MODEL_JUDGES}.`;
}
