"use server";

import { revalidatePath } from "next/cache";
import { libraryCriterion, parsedLibraryCriterion } from "@/lib/criteria/library";
import { addCriteria } from "@/lib/criteria/server/add-criteria";
import { getPrisma } from "@/lib/platform/db/client";
import { importLibrarySchema } from "@/lib/criteria/schemas/criteria";
import { memberAction } from "@/lib/platform/actions/action-client";
import { resultAction } from "@/lib/platform/actions/action-result";
import { AppError } from "@/lib/platform/errors/app-error";

/** Copies ready-made criteria from the built-in library into the user's criteria, in one click. */
export const importLibraryCriteriaAction = resultAction(
  memberAction("edit-criteria")
    .inputSchema(importLibrarySchema)
    .action(async ({ parsedInput: { ids } }) => {
      const entries = ids.map(libraryCriterion);
      const unknown = ids.filter((_, i) => !entries[i]);
      if (unknown.length > 0) throw new AppError("not-found", `Not in the library: ${unknown.join(", ")}.`);
      const { added, alreadyThere } = await addCriteria(getPrisma(), entries.filter((e) => e !== undefined).map(parsedLibraryCriterion), "library");
      revalidatePath("/criteria");
      return { message: `${added} added${alreadyThere ? `, ${alreadyThere} already in your criteria` : ""}.` };
    }),
);
