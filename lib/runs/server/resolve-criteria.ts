import { can, type Role } from "@/lib/accounts/roles";
import type { Criterion } from "@/lib/criteria/parse";
import { parseScopedCriterion, type CriterionScope } from "@/lib/criteria/scope";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { retryOnUniqueConflict } from "@/lib/platform/db/retry-unique";
import { AppError } from "@/lib/platform/errors/app-error";

const ARCHIVED = "is archived: restore it under Criteria (show archived) to use it in a run";

/** No criterion id holds white space; a text without a prefix that has none is most likely a mistyped id. */
const looksLikeId = (ref: string) => !/\s/.test(ref);

type Resolved = { kind: "id"; id: string } | { kind: "new"; criterion: Criterion; scope: CriterionScope };

/**
 * Turns each reference (a criterion id, or a criterion's text) into a criterion id, in order.
 * A text that the library already holds reuses that criterion; a new text is parsed with the
 * criterion parser and created, which needs the right to edit criteria. Nothing is written
 * unless every reference resolves.
 */
export async function resolveCriteria(prisma: PrismaClient, actor: { role: Role }, refs: readonly string[]): Promise<string[]> {
  const trimmed = refs.map((ref) => ref.trim());
  const known = await prisma.criterion.findMany({
    where: { OR: [{ id: { in: trimmed } }, { text: { in: trimmed } }] },
    select: { id: true, text: true, archived: true },
  });
  const byId = new Map(known.map((row) => [row.id, row]));
  const byText = new Map(known.map((row) => [row.text, row]));

  const resolved = trimmed.map((ref, index): Resolved => {
    const path = `criteria[${index}]`;
    const stored = byId.get(ref) ?? byText.get(ref);
    if (stored) {
      if (stored.archived) throw new AppError("archived-criterion", `${path}: the criterion ${JSON.stringify(stored.text)} (${stored.id}) ${ARCHIVED}.`, { path: path });
      return { kind: "id", id: stored.id };
    }
    const parsed = parseScopedCriterion(ref);
    if (parsed.ok) {
      // The parser trims and keeps the text as written: the same text may be stored under it.
      const same = byText.get(parsed.criterion.text);
      if (same) return { kind: "id", id: same.id };
      return { kind: "new", criterion: parsed.criterion, scope: parsed.scope };
    }
    if (looksLikeId(ref)) throw new AppError("unknown-criteria", `${path}: there is no criterion with id ${JSON.stringify(ref)}, and it is no criterion text either (${parsed.message})`, { path: path });
    throw new AppError("invalid-criterion", `${path}: ${parsed.message}`, { path: path });
  });

  const fresh = resolved.flatMap((entry, index) => (entry.kind === "new" ? [{ index, criterion: entry.criterion, scope: entry.scope }] : []));
  if (fresh.length > 0 && !can(actor.role, "edit-criteria")) {
    const path = `criteria[${fresh[0].index}]`;
    throw new AppError("forbidden", `${path}: this criterion is not in the library yet, and your role (${actor.role}) may not add criteria.`, { path: path });
  }
  let created = new Map<string, string>();
  if (fresh.length > 0) {
    // On PostgreSQL an upsert racing an insert of the same text fails on the unique index (P2002):
    // run again, it finds the text stored.
    await retryOnUniqueConflict(() => prisma.$transaction(async (tx) => {
      created = new Map<string, string>();
      for (const { criterion, scope } of fresh) {
        if (created.has(criterion.text)) continue;
        // Another request may have stored the same text since it was looked up: reuse it then.
        const row = await tx.criterion.upsert({
          where: { text: criterion.text },
          create: { text: criterion.text, kind: criterion.kind, scale: criterion.scale, condition: criterion.condition, scope, source: "user" },
          update: {},
          select: { id: true },
        });
        created.set(criterion.text, row.id);
      }
    }));
  }
  return resolved.map((entry) => (entry.kind === "id" ? entry.id : (created.get(entry.criterion.text) as string)));
}
