import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { DatabaseProvider } from "./provider-schema";

export type { DatabaseProvider } from "./provider-schema";

const providerSchema = z.enum(["sqlite", "postgresql"]);

type Client = PrismaClient | Prisma.TransactionClient;

/** Each client's database, read once: a store is picked per call, and hot loops call often. */
const known = new WeakMap<Client, DatabaseProvider>();

/**
 * The database behind a client or a transaction client. Read from the client itself (Prisma's
 * `_activeProvider`, which transaction clients pass through) rather than from DATABASE_URL: tests
 * hold clients on both at once. Product code picks an implementation with forDialect instead.
 */
export function dialectOf(client: Client): DatabaseProvider {
  const cached = known.get(client);
  if (cached) return cached;
  const parsed = providerSchema.safeParse(Reflect.get(client, "_activeProvider"));
  if (!parsed.success) throw new Error("This Prisma client names no provider Callboard knows (expected sqlite or postgresql)");
  known.set(client, parsed.data);
  return parsed.data;
}

/** One implementation (a store, a fragment, a setting) per database. */
export type ByDialect<T> = Readonly<Record<DatabaseProvider, T>>;

/**
 * The seam between Callboard's code and its two databases: the implementation for `client`'s
 * database. Each store that differs by database has one interface and a `sqlite.ts` and a
 * `postgres.ts` implementing it side by side; its public functions pick one here, per client.
 */
export function forDialect<T>(client: Client, implementations: ByDialect<T>): T {
  return implementations[dialectOf(client)];
}
