"use server";

import { revalidatePath } from "next/cache";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { createApiToken } from "@/lib/accounts/server/manage-api-tokens";
import { getPrisma } from "@/lib/platform/db/client";
import { createApiTokenSchema, type CreateTokenFormState } from "@/lib/accounts/schemas/accounts";
import { formText } from "./account-result";
import { actionFailure, fieldErrorState } from "@/lib/platform/actions/action-result";

/** The token goes back to this one response and is never stored: only its hash is. */
export async function createApiTokenAction(_previous: CreateTokenFormState, form: FormData): Promise<CreateTokenFormState> {
  const allowed = await authorizeAction("manage-own-tokens");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = createApiTokenSchema.safeParse({ name: formText(form, "name") });
  if (!parsed.success) return fieldErrorState(parsed.error);
  try {
    const created = await createApiToken(getPrisma(), allowed.user, parsed.data);
    revalidatePath("/settings/tokens");
    return { ok: true, message: `Token “${created.name}” created. Copy it now: it is not shown again.`, token: created.token };
  } catch (error) {
    return actionFailure(error);
  }
}
