"use server";

import { redirect } from "next/navigation";
import { getAuth } from "@/lib/accounts/server/auth";
import { acceptInvitation } from "@/lib/accounts/server/invitations";
import { getPrisma } from "@/lib/platform/db/client";
import { acceptInvitationSchema } from "@/lib/accounts/schemas/accounts";
import { actionClient } from "@/lib/platform/actions/action-client";
import { CORRECT_HIGHLIGHTED_FIELDS, formStateAction } from "@/lib/platform/actions/action-result";
import { formInput } from "@/lib/platform/actions/form-input";

/** The invitation link is the authorisation: it works once, for the role the admin chose. */
export const acceptInvitationAction = formStateAction(
  actionClient.inputSchema(formInput(acceptInvitationSchema)).action(async ({ parsedInput }) => {
    await acceptInvitation(getPrisma(), getAuth(), parsedInput);
    redirect("/");
  }),
  { invalidInput: CORRECT_HIGHLIGHTED_FIELDS },
);
