import { showAllLabel, textFold, type FoldLimits, MESSAGE_FOLD } from "./text-fold";

/**
 * A text that opens on its first lines when long, with "Show all (N lines)" below them. A closed
 * <details class="fold"> keeps its start in view (app/globals.css), so the fold needs no script
 * and the whole text stays in the page for selection and find-in-page; a browser without
 * ::details-content shows a plain disclosure instead.
 */
export function FoldedText({
  text,
  className,
  as: Tag = "p",
  limits = MESSAGE_FOLD,
  preview = "8.75rem",
}: {
  text: string;
  /** Classes of the element holding the text, folded or not. */
  className?: string;
  as?: "p" | "pre";
  limits?: FoldLimits;
  /** Height of the start left in view while folded (a CSS length). */
  preview?: string;
}) {
  const fold = textFold(text, limits);
  if (!fold) return <Tag className={className}>{text}</Tag>;
  return (
    <details className="fold group" style={{ "--fold-height": preview } as React.CSSProperties} data-testid="folded-text">
      <summary className="mt-1 w-fit cursor-pointer text-xs font-medium text-indigo-700 hover:underline">
        <span className="group-open:hidden">{showAllLabel(fold)}</span>
        <span className="hidden group-open:inline">Show less</span>
      </summary>
      <Tag className={className}>{text}</Tag>
    </details>
  );
}
