"use server";

import { redirect } from "next/navigation";
import { getAuth } from "@/lib/accounts/server/auth";
import { createFirstAdmin } from "@/lib/accounts/server/first-admin";
import { getPrisma } from "@/lib/platform/db/client";
import { firstAdminSchema } from "@/lib/accounts/schemas/accounts";
import { actionClient } from "@/lib/platform/actions/action-client";
import { CORRECT_HIGHLIGHTED_FIELDS, formStateAction } from "@/lib/platform/actions/action-result";
import { formInput } from "@/lib/platform/actions/form-input";

/** The first-run screen. The service refuses once anyone exists, so this stays safe to expose. */
export const createFirstAdminAction = formStateAction(
  actionClient.inputSchema(formInput(firstAdminSchema)).action(async ({ parsedInput }) => {
    await createFirstAdmin(getPrisma(), getAuth(), parsedInput);
    redirect("/");
  }),
  { invalidInput: CORRECT_HIGHLIGHTED_FIELDS },
);
