"use server";

import { revalidatePath } from "next/cache";
import { createApiToken } from "@/lib/accounts/server/manage-api-tokens";
import { getPrisma } from "@/lib/platform/db/client";
import { createApiTokenSchema } from "@/lib/accounts/schemas/accounts";
import { memberAction } from "@/lib/platform/actions/action-client";
import { CORRECT_HIGHLIGHTED_FIELDS, formStateAction } from "@/lib/platform/actions/action-result";
import { formInput } from "@/lib/platform/actions/form-input";

/** The token goes back to this one response and is never stored: only its hash is. */
export const createApiTokenAction = formStateAction(
  memberAction("manage-own-tokens")
    .inputSchema(formInput(createApiTokenSchema))
    .action(async ({ parsedInput, ctx: { user } }) => {
      const created = await createApiToken(getPrisma(), user, parsedInput);
      revalidatePath("/settings/tokens");
      return { message: `Token “${created.name}” created. Copy it now: it is not shown again.`, token: created.token };
    }),
  { invalidInput: CORRECT_HIGHLIGHTED_FIELDS },
);
