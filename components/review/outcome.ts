/** What a review action answers, as the panel shows it: a sentence, and per-field messages for forms. */
export interface Outcome {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string[] | undefined>;
}
