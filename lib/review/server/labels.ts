import type { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { labelDescriptionSchema, labelNameSchema } from "@/lib/review/schemas/review";
import { lockTableForWrites } from "@/lib/platform/db/row-lock";
import { REVIEW_TRANSACTION } from "./errors";
import { AppError } from "@/lib/platform/errors/app-error";

/** A review label as the pages show it. */
export interface ReviewLabelRow {
  id: string;
  name: string;
  description: string | null;
  position: number;
  archivedAt: Date | null;
  /** Items carrying it, in any queue. */
  usage: number;
}

const labelOrder = [{ position: "asc" }, { name: "asc" }] satisfies Prisma.ReviewLabelOrderByWithRelationInput[];

/** The labels in their order (position, then name), with their usage; archived ones only when asked, for the admin page. */
export async function listLabels(prisma: PrismaClient | Prisma.TransactionClient, options: { includeArchived?: boolean } = {}): Promise<ReviewLabelRow[]> {
  const labels = await prisma.reviewLabel.findMany({
    where: options.includeArchived ? {} : { archivedAt: null },
    orderBy: labelOrder,
    select: { id: true, name: true, description: true, position: true, archivedAt: true, _count: { select: { reviews: true } } },
  });
  return labels.map(({ _count, ...label }) => ({ ...label, usage: _count.reviews }));
}

/** A label a reviewer can pick. */
export type LabelChoice = Pick<ReviewLabelRow, "id" | "name" | "description">;

/** The labels a reviewer can pick (not archived), in order; without usage, which would count every review on each item view. */
export function labelChoices(prisma: PrismaClient): Promise<LabelChoice[]> {
  return prisma.reviewLabel.findMany({ where: { archivedAt: null }, orderBy: labelOrder, select: { id: true, name: true, description: true } });
}

/** The services refuse what the actions' schemas would, whoever calls them. */
function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError("invalid-state", parsed.error.issues[0].message);
  return parsed.data;
}

/**
 * Names differ by more than case ("Wrong tool" and "wrong tool" would read as one label). No index
 * can say so on both databases: the label writers are serialised until the transaction ends.
 */
async function refuseTakenName(tx: Prisma.TransactionClient, name: string, exceptId?: string): Promise<void> {
  await lockTableForWrites(tx, "ReviewLabel");
  const labels = await tx.reviewLabel.findMany({ select: { id: true, name: true, archivedAt: true } });
  const taken = labels.find((label) => label.id !== exceptId && label.name.toLowerCase() === name.toLowerCase());
  if (taken) throw new AppError("conflict", `A label named “${taken.name}” already exists${taken.archivedAt ? " (archived: restore it instead)" : ""}.`);
}

/** Adds a label at the end of the list. */
export async function createLabel(prisma: PrismaClient, input: { name: string; description?: string | null }): Promise<ReviewLabelRow> {
  const name = checked(labelNameSchema, input.name);
  const description = input.description === undefined ? null : checked(labelDescriptionSchema, input.description ?? "");
  return prisma.$transaction(async (tx) => {
    await refuseTakenName(tx, name);
    const last = await tx.reviewLabel.aggregate({ _max: { position: true } });
    const label = await tx.reviewLabel.create({
      data: { name, description, position: (last._max.position ?? -1) + 1 },
      select: { id: true, name: true, description: true, position: true, archivedAt: true },
    });
    return { ...label, usage: 0 };
  }, REVIEW_TRANSACTION);
}

async function existingLabel(tx: Prisma.TransactionClient, labelId: string): Promise<void> {
  if (!(await tx.reviewLabel.findUnique({ where: { id: labelId }, select: { id: true } }))) throw new AppError("not-found", "That label does not exist.");
}

/**
 * Renames a label (and sets its description when given; blank clears it). Items keep the label,
 * so they show the new name; their history keeps the name each change was made under.
 */
export async function renameLabel(prisma: PrismaClient, labelId: string, input: { name: string; description?: string | null }): Promise<void> {
  const name = checked(labelNameSchema, input.name);
  const description = input.description === undefined ? undefined : checked(labelDescriptionSchema, input.description ?? "");
  await prisma.$transaction(async (tx) => {
    await existingLabel(tx, labelId);
    await refuseTakenName(tx, name, labelId);
    await tx.reviewLabel.update({ where: { id: labelId }, data: { name, ...(description !== undefined ? { description } : {}) } });
  }, REVIEW_TRANSACTION);
}

/** Archives a label (or restores it): it is no longer offered, and items that carry it keep it. */
export async function archiveLabel(prisma: PrismaClient, labelId: string, archived = true, now: Date = new Date()): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await existingLabel(tx, labelId);
    await tx.reviewLabel.update({ where: { id: labelId }, data: { archivedAt: archived ? now : null } });
  }, REVIEW_TRANSACTION);
}
