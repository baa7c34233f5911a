"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { criterionSchema } from "@/lib/criteria/parse";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { addCriteria } from "@/lib/criteria/server/add-criteria";
import { getPrisma } from "@/lib/platform/db/client";

const inputSchema = z.object({
  texts: z
    .array(criterionSchema)
    .min(1, "Choose at least one criterion.")
    .max(50)
    .transform((list) => [...new Map(list.map((c) => [c.text, c])).values()]),
});

export type AddOfferedCriteriaState = { ok: true; message: string } | { ok: false; message: string };

/** Adds the criteria that arrived with an uploaded evaluation request to the criteria library. */
export async function addOfferedCriteria(input: { texts: string[] }): Promise<AddOfferedCriteriaState> {
  const allowed = await authorizeAction("edit-criteria");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => i.message).join(" ") };
  const { added, alreadyThere } = await addCriteria(getPrisma(), parsed.data.texts, "upload");
  revalidatePath("/criteria");
  return { ok: true, message: `${added} added to the criteria${alreadyThere ? `, ${alreadyThere} already there` : ""}.` };
}
