"use server";

import { revalidatePath } from "next/cache";
import { parseScopedCriterion } from "@/lib/criteria/scope";
import { authorizeAction } from "@/lib/accounts/server/guard";
import { createCriterion } from "@/lib/criteria/server/create-criterion";
import { getPrisma } from "@/lib/platform/db/client";
import { createCriterionSchema, type CriterionFormState } from "@/lib/criteria/schemas/criteria";
import { actionFailure, fieldErrorState } from "@/lib/platform/actions/action-result";

export async function createCriterionAction(_previous: CriterionFormState, form: FormData): Promise<CriterionFormState> {
  const allowed = await authorizeAction("edit-criteria");
  if (!allowed.ok) return { ok: false, message: allowed.message };
  const parsed = createCriterionSchema.safeParse({ text: form.get("text") ?? "", title: form.get("title") ?? undefined });
  if (!parsed.success) return fieldErrorState(parsed.error);
  const criterion = parseScopedCriterion(parsed.data.text);
  if (!criterion.ok) return { ok: false, message: criterion.message, fieldErrors: { text: [criterion.message] } };
  try {
    await createCriterion(getPrisma(), criterion.criterion, parsed.data.title, criterion.scope);
  } catch (error) {
    return actionFailure(error);
  }
  revalidatePath("/criteria");
  return { ok: true, message: "Criterion added." };
}
