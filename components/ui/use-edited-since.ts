import { useState } from "react";

/**
 * Whether the person has edited the form since `answer` (the server's last answer) came back. A
 * refusal's summary ("Please correct the highlighted fields.") then describes a form that is no
 * longer there, so forms hide it until the next answer.
 */
export function useEditedSince<T>(answer: T | null): { edited: boolean; markEdited: () => void } {
  const [editedOn, setEditedOn] = useState<T | null>(null);
  return { edited: answer !== null && editedOn === answer, markEdited: () => setEditedOn(answer) };
}
