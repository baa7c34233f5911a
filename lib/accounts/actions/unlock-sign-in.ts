"use server";

import { revalidatePath } from "next/cache";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { unlockSignIn } from "@/lib/accounts/server/sign-in-throttle";
import { getPrisma } from "@/lib/platform/db/client";
import { signInLockSchema } from "@/lib/accounts/schemas/accounts";
import { actionFailure } from "@/lib/platform/actions/action-result";

export async function unlockSignInAction(input: { key: string }): Promise<{ ok: boolean; message: string }> {
  const allowed = await authorizeAction("manage-members");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = signInLockSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: "Unknown sign-in lock." };
  try {
    await unlockSignIn(getPrisma(), allowed.user, parsed.data);
    revalidatePath("/settings");
    return { ok: true, message: "Unlocked: sign-in may be tried again at once." };
  } catch (error) {
    return actionFailure(error);
  }
}
