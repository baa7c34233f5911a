import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Auth } from "./auth";
import { lockName } from "@/lib/platform/db/row-lock";
import { signUpRefusal } from "./errors";
import { AppError } from "@/lib/platform/errors/app-error";

export interface NewAccount {
  name: string;
  email: string;
  password: string;
}

export interface SignedIn {
  userId: string;
  /** The new session's token; the action's cookie carries it. Never shown or logged. */
  sessionToken: string | null;
}

const ALREADY_SET_UP = "Callboard is already set up: sign in, or ask an admin for an invitation.";

/**
 * The first account of a new installation, made an admin. Refused once anyone exists; when two
 * people submit the first-run form at once, one account wins and the other is undone.
 */
export async function createFirstAdmin(prisma: PrismaClient, auth: Auth, input: NewAccount): Promise<SignedIn> {
  if ((await prisma.user.count()) > 0) throw new AppError("conflict", ALREADY_SET_UP);
  let created: { token: string | null; user: { id: string } };
  try {
    created = await auth.api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password } });
  } catch (error) {
    // Someone else's account with this email can only exist if they were first.
    throw signUpRefusal(error) ?? error;
  }
  const userId = created.user.id;
  const first = await prisma.$transaction(async (tx) => {
    // Who was created first is no answer on PostgreSQL: an account created earlier may commit
    // later, and both would see themselves oldest. Taken in turn, the first to get here wins.
    await lockName(tx, "callboard:first-admin");
    const admins = await tx.user.count({ where: { role: "admin" } });
    if (admins > 0) {
      await tx.user.delete({ where: { id: userId } });
      return false;
    }
    await tx.user.update({ where: { id: userId }, data: { role: "admin" } });
    return true;
  });
  if (!first) throw new AppError("conflict", ALREADY_SET_UP);
  return { userId, sessionToken: created.token };
}

/**
 * `CALLBOARD_ADMIN_EMAIL` + `CALLBOARD_ADMIN_PASSWORD`: the first admin made at start-up, for
 * installations that are set up by a script rather than the first-run screen. Does nothing once
 * anyone exists, so the variables can stay set.
 */
export async function bootstrapAdmin(prisma: PrismaClient, auth: Auth, input: NewAccount): Promise<"created" | "exists"> {
  if ((await prisma.user.count()) > 0) return "exists";
  const { sessionToken } = await createFirstAdmin(prisma, auth, input);
  // Sign-up signs in; nobody will use the session that made at start-up.
  if (sessionToken) await prisma.session.deleteMany({ where: { token: sessionToken } });
  return "created";
}
