"use server";

import { revalidatePath } from "next/cache";
import { setCriterionArchived } from "@/lib/criteria/server/update-criterion";
import { getPrisma } from "@/lib/platform/db/client";
import { archiveCriterionSchema } from "@/lib/criteria/schemas/criteria";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";

export const archiveCriterionAction = resultAction(
  memberAction("edit-criteria")
    .inputSchema(archiveCriterionSchema)
    .action(async ({ parsedInput: { id, archived } }) => {
      await setCriterionArchived(getPrisma(), id, archived);
      revalidatePath("/criteria");
      return { message: archived ? "Archived." : "Restored." };
    }),
  { invalidInput: "Unknown criterion." },
);
