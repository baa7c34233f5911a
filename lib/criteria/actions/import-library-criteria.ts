"use server";

import { revalidatePath } from "next/cache";
import { libraryCriterion, parsedLibraryCriterion } from "@/lib/criteria/library";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { addCriteria } from "@/lib/criteria/server/add-criteria";
import { getPrisma } from "@/lib/platform/db/client";
import { importLibrarySchema } from "@/lib/criteria/schemas/criteria";

/** Copies ready-made criteria from the built-in library into the user's criteria, in one click. */
export async function importLibraryCriteriaAction(input: { ids: string[] }): Promise<{ ok: boolean; message: string }> {
  const allowed = await authorizeAction("edit-criteria");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = importLibrarySchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => i.message).join(" ") };
  const entries = parsed.data.ids.map(libraryCriterion);
  const unknown = parsed.data.ids.filter((_, i) => !entries[i]);
  if (unknown.length > 0) return { ok: false, message: `Not in the library: ${unknown.join(", ")}.` };
  const { added, alreadyThere } = await addCriteria(getPrisma(), entries.filter((e) => e !== undefined).map(parsedLibraryCriterion), "library");
  revalidatePath("/criteria");
  return { ok: true, message: `${added} added${alreadyThere ? `, ${alreadyThere} already in your criteria` : ""}.` };
}
