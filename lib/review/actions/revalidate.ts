import { revalidatePath } from "next/cache";

/*
 * Which pages the review actions refresh. Not an action itself (no "use server"): only async
 * functions may leave such a file.
 */

/** The review pages: queue lists, queues and items all live under /review. */
export function revalidateReviewPages(): void {
  revalidatePath("/review", "layout");
}

/** Pages that show human verdicts beside the judge's: the run's pages, and judge agreement on the criteria pages. */
export function revalidateVerdictPages(runId: string): void {
  revalidateReviewPages();
  revalidatePath(`/runs/${runId}`, "layout");
  revalidatePath("/criteria", "layout");
}
