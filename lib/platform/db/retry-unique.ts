import { Prisma } from "@/lib/generated/prisma/client";

/** Whether Prisma refused a write for a unique constraint (P2002). */
export function isUniqueConflict(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

/**
 * Runs `work` (a whole transaction) again once when it lost a race to insert the same unique
 * value: on PostgreSQL two transactions can both find the value absent and both insert it, and
 * the second fails at commit of the first. Run again, it reads the row the other committed. (On
 * SQLite the write lock taken at BEGIN serialises them, and this never retries.)
 */
export async function retryOnUniqueConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueConflict(error)) throw error;
    return work();
  }
}
