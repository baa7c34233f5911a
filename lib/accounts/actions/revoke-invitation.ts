"use server";

import { revalidatePath } from "next/cache";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { revokeInvitation } from "@/lib/accounts/server/invitations";
import { getPrisma } from "@/lib/platform/db/client";
import { invitationIdSchema } from "@/lib/accounts/schemas/accounts";
import { actionFailure } from "@/lib/platform/actions/action-result";

export async function revokeInvitationAction(input: { id: string }): Promise<{ ok: boolean; message: string }> {
  const allowed = await authorizeAction("manage-members");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = invitationIdSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: "Unknown invitation." };
  try {
    await revokeInvitation(getPrisma(), parsed.data.id);
    revalidatePath("/settings");
    return { ok: true, message: "Invitation withdrawn: its link no longer works." };
  } catch (error) {
    return actionFailure(error);
  }
}
