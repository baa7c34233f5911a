"use server";

import { revalidatePath } from "next/cache";
import { createCriterion } from "@/lib/criteria/server/create-criterion";
import { getPrisma } from "@/lib/platform/db/client";
import { createCriterionSchema } from "@/lib/criteria/schemas/criteria";
import { memberAction } from "@/lib/platform/actions/action-client";
import { CORRECT_HIGHLIGHTED_FIELDS, formStateAction } from "@/lib/platform/actions/action-result";
import { formInput } from "@/lib/platform/actions/form-input";
import { parsedCriterionText } from "./criterion-text";

export const createCriterionAction = formStateAction(
  memberAction("edit-criteria")
    .inputSchema(formInput(createCriterionSchema))
    .action(async ({ parsedInput: { text, title } }) => {
      const { criterion, scope } = parsedCriterionText(text);
      await createCriterion(getPrisma(), criterion, title, scope);
      revalidatePath("/criteria");
      return { message: "Criterion added." };
    }),
  { invalidInput: CORRECT_HIGHLIGHTED_FIELDS },
);
