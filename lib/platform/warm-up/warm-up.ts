import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getAuth, type Auth } from "@/lib/accounts/server/auth";
import { getPrisma } from "../db/client";

/**
 * Starts the process-wide database client and runs the kind of statements every page runs, so
 * that the first request does not wait for them. A database that cannot answer yet is not this
 * function's concern: the pages report it, so a failure is logged and start-up goes on.
 * Returns whether the client answered.
 */
export async function warmUpServer(prisma: () => PrismaClient = getPrisma, auth: () => Auth = getAuth, log: (line: string) => void = console.error): Promise<boolean> {
  try {
    const client = prisma();
    await client.$queryRaw`SELECT 1`;
    await client.run.findFirst({ orderBy: { createdAt: "desc" }, select: { id: true, status: true } });
    await client.user.count();
    // Every page asks for the session: Better Auth's set-up is paid once here too, and so are the
    // statements of a signed-in page's lookup (the session by its token, with its user; ~50 ms the
    // first time), asked for a token no session has.
    const server = auth();
    await server.api.getSession({ headers: new Headers() });
    await (await server.$context).internalAdapter.findSession(`warm-up-${randomUUID()}`);
    return true;
  } catch (error) {
    log(`callboard: warming up the database client failed (${error instanceof Error ? error.message : String(error)}); pages will start it on first use`);
    return false;
  }
}
