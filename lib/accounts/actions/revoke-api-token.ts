"use server";

import { revalidatePath } from "next/cache";
import { revokeApiToken } from "@/lib/accounts/server/manage-api-tokens";
import { getPrisma } from "@/lib/platform/db/client";
import { apiTokenIdSchema } from "@/lib/accounts/schemas/accounts";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";

/** One's own tokens; the service lets admins revoke anyone's. */
export const revokeApiTokenAction = resultAction(
  memberAction("manage-own-tokens")
    .inputSchema(apiTokenIdSchema)
    .action(async ({ parsedInput, ctx: { user } }) => {
      const { name } = await revokeApiToken(getPrisma(), user, parsedInput);
      revalidatePath("/settings/tokens");
      return { message: `Token “${name}” revoked: it no longer works.` };
    }),
  { invalidInput: "Unknown token." },
);
