import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { DatabaseProvider } from "./provider-schema";

export type { DatabaseProvider } from "./provider-schema";

const providerSchema = z.enum(["sqlite", "postgresql"]);

/**
 * The database behind a client or a transaction client, for the few queries written once per
 * dialect. Read from the client itself (Prisma's `_activeProvider`, which transaction clients
 * pass through) rather than from DATABASE_URL: tests hold clients on both at once.
 */
export function dialectOf(client: PrismaClient | Prisma.TransactionClient): DatabaseProvider {
  const parsed = providerSchema.safeParse(Reflect.get(client, "_activeProvider"));
  if (!parsed.success) throw new Error("This Prisma client names no provider Callboard knows (expected sqlite or postgresql)");
  return parsed.data;
}
