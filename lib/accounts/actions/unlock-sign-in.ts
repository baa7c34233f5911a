"use server";

import { revalidatePath } from "next/cache";
import { unlockSignIn } from "@/lib/accounts/server/sign-in-throttle";
import { getPrisma } from "@/lib/platform/db/client";
import { signInLockSchema } from "@/lib/accounts/schemas/accounts";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";

export const unlockSignInAction = resultAction(
  memberAction("manage-members")
    .inputSchema(signInLockSchema)
    .action(async ({ parsedInput, ctx: { user } }) => {
      await unlockSignIn(getPrisma(), user, parsedInput);
      revalidatePath("/settings");
      return { message: "Unlocked: sign-in may be tried again at once." };
    }),
  { invalidInput: "Unknown sign-in lock." },
);
