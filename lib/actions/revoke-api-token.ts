"use server";

import { revalidatePath } from "next/cache";
import { authorizeAction } from "@/lib/server/auth/guard";
import { revokeApiToken } from "@/lib/server/auth/manage-api-tokens";
import { getPrisma } from "@/lib/server/db/client";
import { apiTokenIdSchema } from "@/lib/zod/accounts";
import { accountErrorState } from "./account-result";

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
    return accountErrorState(error);
  }
}
