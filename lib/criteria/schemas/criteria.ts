import { z } from "zod";
import { scopedCriterionTextSchema } from "@/lib/criteria/scope";

export const criterionIdSchema = z.string().trim().min(1).max(64);

export const createCriterionSchema = z.object({
  text: scopedCriterionTextSchema,
  title: z
    .string()
    .trim()
    .max(120, "A title is at most 120 characters.")
    .optional()
    .transform((v) => v || undefined),
});

export const updateCriterionSchema = createCriterionSchema.extend({ id: criterionIdSchema });

export const archiveCriterionSchema = z.object({ id: criterionIdSchema, archived: z.boolean() });

export const importLibrarySchema = z.object({
  ids: z
    .array(z.string().trim().min(1).max(64))
    .min(1, "Choose at least one library criterion.")
    .max(100)
    .transform((ids) => [...new Set(ids)]),
});

/** What a criteria form gets back: field errors to show in place, or a confirmation. */
export type CriterionFormState = { ok: true; message: string } | { ok: false; message: string; fieldErrors?: Partial<Record<"text" | "title", string[]>> } | null;
