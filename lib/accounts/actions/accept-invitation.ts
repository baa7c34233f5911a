"use server";

import { redirect } from "next/navigation";
import { getAuth } from "@/lib/accounts/server/auth";
import { acceptInvitation } from "@/lib/accounts/server/invitations";
import { getPrisma } from "@/lib/platform/db/client";
import { acceptInvitationSchema, type AccountFormState } from "@/lib/accounts/schemas/accounts";
import { formText } from "./account-result";
import { actionFailure, fieldErrorState } from "@/lib/platform/actions/action-result";

type Field = "token" | "name" | "password" | "confirmPassword";

/** The invitation link is the authorisation: it works once, for the role the admin chose. */
export async function acceptInvitationAction(_previous: AccountFormState<Field>, form: FormData): Promise<AccountFormState<Field>> {
  const parsed = acceptInvitationSchema.safeParse({
    token: formText(form, "token"),
    name: formText(form, "name"),
    password: formText(form, "password"),
    confirmPassword: formText(form, "confirmPassword"),
  });
  if (!parsed.success) return fieldErrorState(parsed.error);
  try {
    await acceptInvitation(getPrisma(), getAuth(), parsed.data);
  } catch (error) {
    return actionFailure(error);
  }
  redirect("/");
}
