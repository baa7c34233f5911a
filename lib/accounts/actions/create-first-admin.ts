"use server";

import { redirect } from "next/navigation";
import { getAuth } from "@/lib/accounts/server/auth";
import { createFirstAdmin } from "@/lib/accounts/server/first-admin";
import { getPrisma } from "@/lib/platform/db/client";
import { firstAdminSchema, type AccountFormState } from "@/lib/accounts/schemas/accounts";
import { formText } from "./account-result";
import { actionFailure, fieldErrorState } from "@/lib/platform/actions/action-result";

type Field = "name" | "email" | "password" | "confirmPassword";

/** The first-run screen. The service refuses once anyone exists, so this stays safe to expose. */
export async function createFirstAdminAction(_previous: AccountFormState<Field>, form: FormData): Promise<AccountFormState<Field>> {
  const parsed = firstAdminSchema.safeParse({
    name: formText(form, "name"),
    email: formText(form, "email"),
    password: formText(form, "password"),
    confirmPassword: formText(form, "confirmPassword"),
  });
  if (!parsed.success) return fieldErrorState(parsed.error);
  try {
    await createFirstAdmin(getPrisma(), getAuth(), parsed.data);
  } catch (error) {
    return actionFailure(error);
  }
  redirect("/");
}
