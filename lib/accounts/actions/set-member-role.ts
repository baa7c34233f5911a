"use server";

import { revalidatePath } from "next/cache";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { setMemberRole } from "@/lib/accounts/server/members";
import { getPrisma } from "@/lib/platform/db/client";
import { setMemberRoleSchema } from "@/lib/accounts/schemas/accounts";
import { actionFailure } from "@/lib/platform/actions/action-result";

export async function setMemberRoleAction(input: { userId: string; role: string }): Promise<{ ok: boolean; message: string }> {
  const allowed = await authorizeAction("manage-members");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = setMemberRoleSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => i.message).join(" ") };
  try {
    const result = await setMemberRole(getPrisma(), parsed.data);
    revalidatePath("/settings");
    return { ok: true, message: result.changed ? `${result.name} is now ${parsed.data.role === "admin" ? "an" : "a"} ${parsed.data.role}.` : `${result.name} already was ${parsed.data.role}.` };
  } catch (error) {
    return actionFailure(error);
  }
}
