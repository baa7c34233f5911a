"use server";

import { revalidatePath } from "next/cache";
import { deactivateMember } from "@/lib/accounts/server/members";
import { getPrisma } from "@/lib/platform/db/client";
import { memberIdSchema } from "@/lib/accounts/schemas/accounts";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";

export const deactivateMemberAction = resultAction(
  memberAction("manage-members")
    .inputSchema(memberIdSchema)
    .action(async ({ parsedInput, ctx: { user } }) => {
      const { name } = await deactivateMember(getPrisma(), user, parsedInput);
      revalidatePath("/settings");
      return { message: `${name} was removed: signed out, API tokens revoked. Their reviews and comments stay.` };
    }),
  { invalidInput: "Unknown member." },
);
