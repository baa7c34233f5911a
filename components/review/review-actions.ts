import type {
  AddCommentInput,
  AddCommentResult,
  ArchiveLabelInput,
  AssignInput,
  ClaimResult,
  CreateLabelInput,
  CreateLabelResult,
  EditCommentInput,
  RenameLabelInput,
  ReviewActionResult,
  ReviewItemInput,
  ReviewStatusResult,
  SetLabelInput,
  SetStatusInput,
  VerdictInput,
} from "@/lib/review/schemas/review";

/**
 * What the review panel asks the server to do: the review server actions, passed in by the page.
 * Taking them as props keeps the panel free of any one implementation, and the server checks the
 * role and the lock whatever the panel shows.
 */
export interface ReviewItemActions {
  /** Takes the lock, or renews it when already held. */
  claim: (input: ReviewItemInput) => Promise<ClaimResult>;
  release: (input: ReviewItemInput) => Promise<ReviewActionResult>;
  verdict: (input: VerdictInput) => Promise<ReviewStatusResult>;
  label: (input: SetLabelInput) => Promise<ReviewActionResult>;
  status: (input: SetStatusInput) => Promise<ReviewStatusResult>;
  assign: (input: AssignInput) => Promise<ReviewActionResult>;
  addComment: (input: AddCommentInput) => Promise<AddCommentResult>;
  editComment: (input: EditCommentInput) => Promise<ReviewActionResult>;
}

/** The label admin's server actions. */
export interface LabelActions {
  create: (input: CreateLabelInput) => Promise<CreateLabelResult>;
  rename: (input: RenameLabelInput) => Promise<ReviewActionResult>;
  archive: (input: ArchiveLabelInput) => Promise<ReviewActionResult>;
}
