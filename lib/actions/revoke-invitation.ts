"use server";

import { revalidatePath } from "next/cache";
import { authorizeAction } from "@/lib/server/auth/guard";
import { revokeInvitation } from "@/lib/server/auth/invitations";
import { getPrisma } from "@/lib/server/db/client";
import { invitationIdSchema } from "@/lib/zod/accounts";
import { accountErrorState } from "./account-result";

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
    return accountErrorState(error);
  }
}
