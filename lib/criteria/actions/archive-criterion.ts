"use server";

import { revalidatePath } from "next/cache";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { setCriterionArchived } from "@/lib/criteria/server/update-criterion";
import { getPrisma } from "@/lib/platform/db/client";
import { archiveCriterionSchema } from "@/lib/criteria/schemas/criteria";
import { actionFailure } from "@/lib/platform/actions/action-result";

export async function archiveCriterionAction(input: { id: string; archived: boolean }): Promise<{ ok: boolean; message: string }> {
  const allowed = await authorizeAction("edit-criteria");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = archiveCriterionSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: "Unknown criterion." };
  try {
    await setCriterionArchived(getPrisma(), parsed.data.id, parsed.data.archived);
  } catch (error) {
    return actionFailure(error);
  }
  revalidatePath("/criteria");
  return { ok: true, message: parsed.data.archived ? "Archived." : "Restored." };
}
