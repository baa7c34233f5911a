"use server";

import { revalidatePath } from "next/cache";
import { setMemberRole } from "@/lib/accounts/server/members";
import { getPrisma } from "@/lib/platform/db/client";
import { setMemberRoleSchema } from "@/lib/accounts/schemas/accounts";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";

export const setMemberRoleAction = resultAction(
  memberAction("manage-members")
    .inputSchema(setMemberRoleSchema)
    .action(async ({ parsedInput }) => {
      const result = await setMemberRole(getPrisma(), parsedInput);
      revalidatePath("/settings");
      const { role } = parsedInput;
      return { message: result.changed ? `${result.name} is now ${role === "admin" ? "an" : "a"} ${role}.` : `${result.name} already was ${role}.` };
    }),
);
