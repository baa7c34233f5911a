/** A criterion's short name for headers and lists: its title, or its text cut to fit. */
export function criterionLabel(criterion: { title: string | null; text: string }, max = 40): string {
  return criterion.title ?? (criterion.text.length > max ? `${criterion.text.slice(0, max - 2)}…` : criterion.text);
}
