"use server";

import { revalidatePath } from "next/cache";
import { updateCriterion } from "@/lib/criteria/server/update-criterion";
import { getPrisma } from "@/lib/platform/db/client";
import { updateCriterionSchema } from "@/lib/criteria/schemas/criteria";
import { memberAction } from "@/lib/platform/actions/action-client";
import { CORRECT_HIGHLIGHTED_FIELDS, formStateAction } from "@/lib/platform/actions/action-result";
import { formInput } from "@/lib/platform/actions/form-input";
import { parsedCriterionText } from "./criterion-text";

export const updateCriterionAction = formStateAction(
  memberAction("edit-criteria")
    .inputSchema(formInput(updateCriterionSchema))
    .action(async ({ parsedInput: { id, text, title } }) => {
      const { criterion, scope } = parsedCriterionText(text);
      await updateCriterion(getPrisma(), id, criterion, title, scope);
      revalidatePath("/criteria");
      return { message: "Criterion saved." };
    }),
  { invalidInput: CORRECT_HIGHLIGHTED_FIELDS },
);
