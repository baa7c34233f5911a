"use server";

import { revalidatePath } from "next/cache";
import { createInvitation, INVITATION_DAYS } from "@/lib/accounts/server/invitations";
import { getPrisma } from "@/lib/platform/db/client";
import { inviteMemberSchema } from "@/lib/accounts/schemas/accounts";
import { memberAction } from "@/lib/platform/actions/action-client";
import { CORRECT_HIGHLIGHTED_FIELDS, formStateAction } from "@/lib/platform/actions/action-result";
import { formInput } from "@/lib/platform/actions/form-input";

/** No email is sent: the admin gets the link, once, to pass on. */
export const inviteMemberAction = formStateAction(
  memberAction("manage-members")
    .inputSchema(formInput(inviteMemberSchema))
    .action(async ({ parsedInput, ctx: { user } }) => {
      const invitation = await createInvitation(getPrisma(), user, parsedInput);
      revalidatePath("/settings");
      return {
        message: `Invitation for ${invitation.email} as ${invitation.role}. Send them this link; it works once, for ${INVITATION_DAYS} days.`,
        link: `/invite/${invitation.token}`,
      };
    }),
  { invalidInput: CORRECT_HIGHLIGHTED_FIELDS },
);
