"use server";

import { revalidatePath } from "next/cache";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { revokeApiToken } from "@/lib/accounts/server/manage-api-tokens";
import { getPrisma } from "@/lib/platform/db/client";
import { apiTokenIdSchema } from "@/lib/accounts/schemas/accounts";
import { actionFailure } from "@/lib/platform/actions/action-result";

/** One's own tokens; the service lets admins revoke anyone's. */
export async function revokeApiTokenAction(input: { id: string }): Promise<{ ok: boolean; message: string }> {
  const allowed = await authorizeAction("manage-own-tokens");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = apiTokenIdSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: "Unknown token." };
  try {
    const { name } = await revokeApiToken(getPrisma(), allowed.user, parsed.data);
    revalidatePath("/settings/tokens");
    return { ok: true, message: `Token “${name}” revoked: it no longer works.` };
  } catch (error) {
    return actionFailure(error);
  }
}
