import { revalidatePath } from "next/cache";

/** The pages that show a monitor: the list, its own page, and its run's. */
export function revalidateMonitorPages(id?: string, runId?: string): void {
  revalidatePath("/monitors");
  if (id) revalidatePath(`/monitors/${id}`, "layout");
  if (runId) revalidatePath(`/runs/${runId}`);
}
