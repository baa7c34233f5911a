"use server";

import { revalidatePath } from "next/cache";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { createInvitation, INVITATION_DAYS } from "@/lib/accounts/server/invitations";
import { getPrisma } from "@/lib/platform/db/client";
import { inviteMemberSchema, type InviteFormState } from "@/lib/accounts/schemas/accounts";
import { formText } from "./account-result";
import { actionFailure, fieldErrorState } from "@/lib/platform/actions/action-result";

/** No email is sent: the admin gets the link, once, to pass on. */
export async function inviteMemberAction(_previous: InviteFormState, form: FormData): Promise<InviteFormState> {
  const allowed = await authorizeAction("manage-members");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = inviteMemberSchema.safeParse({ email: formText(form, "email"), role: formText(form, "role") });
  if (!parsed.success) return fieldErrorState(parsed.error);
  try {
    const invitation = await createInvitation(getPrisma(), allowed.user, parsed.data);
    revalidatePath("/settings");
    return {
      ok: true,
      message: `Invitation for ${invitation.email} as ${invitation.role}. Send them this link; it works once, for ${INVITATION_DAYS} days.`,
      link: `/invite/${invitation.token}`,
    };
  } catch (error) {
    return actionFailure(error);
  }
}
