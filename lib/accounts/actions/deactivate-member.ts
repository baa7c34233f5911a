"use server";

import { revalidatePath } from "next/cache";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { deactivateMember } from "@/lib/accounts/server/members";
import { getPrisma } from "@/lib/platform/db/client";
import { memberIdSchema } from "@/lib/accounts/schemas/accounts";
import { actionFailure } from "@/lib/platform/actions/action-result";

export async function deactivateMemberAction(input: { userId: string }): Promise<{ ok: boolean; message: string }> {
  const allowed = await authorizeAction("manage-members");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = memberIdSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: "Unknown member." };
  try {
    const { name } = await deactivateMember(getPrisma(), allowed.user, parsed.data);
    revalidatePath("/settings");
    return { ok: true, message: `${name} was removed: signed out, API tokens revoked. Their reviews and comments stay.` };
  } catch (error) {
    return actionFailure(error);
  }
}
