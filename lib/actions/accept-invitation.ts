"use server";

import { redirect } from "next/navigation";
import { getAuth } from "@/lib/server/auth/auth";
import { acceptInvitation } from "@/lib/server/auth/invitations";
import { getPrisma } from "@/lib/server/db/client";
import { acceptInvitationSchema, type AccountFormState } from "@/lib/zod/accounts";
import { accountErrorState, formText } from "./account-result";
import { fieldErrorState } from "./action-result";

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
    return accountErrorState(error);
  }
  redirect("/");
}
