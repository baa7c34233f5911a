"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { criterionSchema } from "@/lib/criteria/parse";
import { addCriteria } from "@/lib/criteria/server/add-criteria";
import { getPrisma } from "@/lib/platform/db/client";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction, type ActionResult } from "@/lib/platform/actions/action-result";

const inputSchema = z.object({
  texts: z
    .array(criterionSchema)
    .min(1, "Choose at least one criterion.")
    .max(50)
    .transform((list) => [...new Map(list.map((c) => [c.text, c])).values()]),
});

export type AddOfferedCriteriaState = ActionResult<{ message: string }>;

/** Adds the criteria that arrived with an uploaded evaluation request to the criteria library. */
export const addOfferedCriteria = resultAction(
  memberAction("edit-criteria")
    .inputSchema(inputSchema)
    .action(async ({ parsedInput }) => {
      const { added, alreadyThere } = await addCriteria(getPrisma(), parsedInput.texts, "upload");
      revalidatePath("/criteria");
      return { message: `${added} added to the criteria${alreadyThere ? `, ${alreadyThere} already there` : ""}.` };
    }),
);
