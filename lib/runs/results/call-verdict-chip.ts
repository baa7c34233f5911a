/** One result of a tool call, as a chip on the transcript page's call card. */
export interface CallVerdictChip {
  criterionId: string;
  criterionText: string;
  criterionTitle: string | null;
  scale: string;
  mode: string;
  status: string;
  score: number | null;
  passed: boolean | null;
}

/** A call's chips from one run, and the result page they link to. */
export interface CallVerdicts {
  /** The tool-call page of the run, where both modes, the explanation and the evidence are. */
  href: string;
  runName: string;
  chips: CallVerdictChip[];
}
