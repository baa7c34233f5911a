import type { ReferenceReasonCode } from "./types";

/** Why a call differs from its reference, as filters and pages name it. Plain data: pages load it in the browser. */
export const REFERENCE_REASON_LABELS: Readonly<Record<ReferenceReasonCode, string>> = {
  wrong_function: "Wrong function",
  missing_required: "Missing argument",
  unexpected_param: "Unexpected argument",
  wrong_type: "Wrong type",
  wrong_value: "Wrong value",
  unexpected_call: "Unexpected call",
  wrong_count: "Too many calls",
  decoder_failed: "Arguments not JSON",
  missing_call: "Missing call",
};

export const REFERENCE_REASON_CODES = Object.keys(REFERENCE_REASON_LABELS) as [ReferenceReasonCode, ...ReferenceReasonCode[]];
