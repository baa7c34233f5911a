"use server";

import { revalidatePath } from "next/cache";
import { revokeInvitation } from "@/lib/accounts/server/invitations";
import { getPrisma } from "@/lib/platform/db/client";
import { invitationIdSchema } from "@/lib/accounts/schemas/accounts";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";

export const revokeInvitationAction = resultAction(
  memberAction("manage-members")
    .inputSchema(invitationIdSchema)
    .action(async ({ parsedInput }) => {
      await revokeInvitation(getPrisma(), parsedInput.id);
      revalidatePath("/settings");
      return { message: "Invitation withdrawn: its link no longer works." };
    }),
  { invalidInput: "Unknown invitation." },
);
