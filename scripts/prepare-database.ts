/**
 * Migrations (and the metadata columns of transcripts stored before them), the rollback of uploads a crash left half-imported, the first admin when
 * CALLBOARD_ADMIN_EMAIL/PASSWORD ask for one (and its API token with CALLBOARD_ADMIN_TOKEN), then
 * the demo data into an empty database: what `npm start` and `npm run dev` need first.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { env, type Env } from "@/lib/platform/env";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createAuth } from "@/lib/accounts/server/auth";
import { ensureAdminToken } from "@/lib/accounts/server/admin-token";
import { bootstrapAdmin } from "@/lib/accounts/server/first-admin";
import { createPrisma } from "@/lib/platform/db/client";
import { withStartupLock } from "@/lib/platform/db/startup-lock";
import { applyMigrations } from "@/lib/platform/db/schema-engine";
import { seedDemoIfEmpty } from "@/lib/demo/server/seed";
import { fillMetadataColumns } from "@/lib/transcripts/server/metadata-index";
import { recoverInterruptedImports } from "@/lib/transcripts/server/uploads/recover-interrupted-imports";

/**
 * Makes the Next.js server that `npm start` spawns next (it inherits this environment) load
 * scripts/peer-address-hook.mjs, which hands each request's socket address to sign-in
 * throttling (lib/accounts/client-address.ts). Harmless in `npm run dev`, whose server it never reaches.
 */
function loadPeerAddressHook(): void {
  const hook = `--import=${JSON.stringify(pathToFileURL(path.join(process.cwd(), "scripts", "peer-address-hook.mjs")).href)}`;
  const current = process.env.NODE_OPTIONS ?? "";
  if (!current.includes("peer-address-hook.mjs")) process.env.NODE_OPTIONS = `${current} ${hook}`.trim();
}

/** What became of CALLBOARD_ADMIN_TOKEN, said without the token. */
function reportAdminToken(email: string, result: Awaited<ReturnType<typeof ensureAdminToken>>): void {
  switch (result.outcome) {
    case "created":
      console.log(`callboard: stored the API token from CALLBOARD_ADMIN_TOKEN for ${email}${result.replaced ? ` (the previous one is revoked)` : ""}`);
      return;
    case "revoked":
      console.warn("callboard: the token in CALLBOARD_ADMIN_TOKEN was revoked and stays revoked; set a new value to make another");
      return;
    case "no-admin":
      console.warn(`callboard: CALLBOARD_ADMIN_TOKEN not stored: there is no account ${email} (Callboard was set up by someone else)`);
      return;
    case "exists":
      return;
  }
}

export async function prepareDatabase(): Promise<void> {
  loadPeerAddressHook();
  const config = env();
  const applied = await applyMigrations(config.DATABASE_URL);
  if (applied.length > 0) console.log(`callboard: applied ${applied.length} migration(s): ${applied.join(", ")}`);
  const prisma = createPrisma(config.DATABASE_URL);
  try {
    // Servers started together on one database take turns (two found it empty and both loaded the demo).
    await withStartupLock(prisma, () => prepareData(prisma, config));
  } finally {
    await prisma.$disconnect();
  }
}

/** Start-up's steps on the data: what other servers' start-ups must not do at the same time. */
async function prepareData(prisma: PrismaClient, config: Env): Promise<void> {
  const filled = await fillMetadataColumns(prisma);
  if (filled > 0) console.log(`callboard: read model, task, tags and outcome from the metadata of ${filled} transcript(s)`);
  const recovered = await recoverInterruptedImports(prisma);
  if (recovered.files > 0) console.log(`callboard: rolled back ${recovered.files} file(s) left half-imported (${recovered.transcripts} transcripts removed)`);
  if (config.CALLBOARD_ADMIN_EMAIL && config.CALLBOARD_ADMIN_PASSWORD) {
    // Outside Next: no request, so no cookies to set.
    const auth = createAuth(prisma, { nextCookies: false });
    const admin = { name: config.CALLBOARD_ADMIN_NAME ?? "Admin", email: config.CALLBOARD_ADMIN_EMAIL, password: config.CALLBOARD_ADMIN_PASSWORD };
    if ((await bootstrapAdmin(prisma, auth, admin)) === "created") console.log(`callboard: created the first admin, ${admin.email}`);
    if (config.CALLBOARD_ADMIN_TOKEN) reportAdminToken(admin.email, await ensureAdminToken(prisma, admin.email, config.CALLBOARD_ADMIN_TOKEN));
  }
  if (config.CALLBOARD_DEMO !== "1") return;
  const seeded = await seedDemoIfEmpty(prisma);
  if (seeded) console.log(`callboard: loaded the demo data (${seeded.transcripts} transcripts, ${seeded.criteria} criteria)`);
}
