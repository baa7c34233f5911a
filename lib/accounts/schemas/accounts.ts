import { z } from "zod";
import { roles } from "@/lib/accounts/roles";

// The same limits as Better Auth's (lib/accounts/server/auth.ts), checked first so the form can say which field is wrong.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const emailSchema = z
  .string({ message: "Enter an email address." })
  .trim()
  .min(1, "Enter an email address.")
  .max(254, "An email address is at most 254 characters.")
  .pipe(z.email("Enter a valid email address, like ada@example.com."))
  // Better Auth stores emails in lower case; comparing ours the same way finds the same person.
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ message: "Enter a password." })
  .min(PASSWORD_MIN, `A password has at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `A password has at most ${PASSWORD_MAX} characters.`);

export const nameSchema = z
  .string({ message: "Enter a name." })
  .trim()
  .min(1, "Enter a name.")
  .max(100, "A name is at most 100 characters.");

export const roleSchema = z.enum(roles, { message: `The role must be one of ${roles.join(", ")}.` });

const idSchema = z.string({ message: "Unknown item." }).trim().min(1, "Unknown item.").max(64, "Unknown item.");

/** Tokens we hand out are 43 base64url characters; anything else cannot be one. */
export const linkTokenSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{20,100}$/, "This invitation link is not valid.");

export const signInSchema = z.object({
  // Not emailSchema: a sign-in form should not say more than "wrong email or password".
  email: z.string().trim().min(1, "Enter your email address.").max(254).transform((email) => email.toLowerCase()),
  password: z.string().min(1, "Enter your password.").max(PASSWORD_MAX, `A password has at most ${PASSWORD_MAX} characters.`),
  // Where to go next is a nicety: anything odd falls back to the overview (lib/accounts/safe-next.ts).
  next: z.string().max(2000).optional().catch(undefined),
});

function confirmed<T extends { password: string; confirmPassword: string }>(value: T, context: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    context.addIssue({ code: "custom", path: ["confirmPassword"], message: "The two passwords differ." });
  }
}

/** A new account: there is no email to reset a forgotten password with, so it is typed twice. */
const newAccountFields = { name: nameSchema, password: passwordSchema, confirmPassword: z.string({ message: "Repeat the password." }) };

export const firstAdminSchema = z.object({ email: emailSchema, ...newAccountFields }).superRefine(confirmed);

export const acceptInvitationSchema = z.object({ token: linkTokenSchema, ...newAccountFields }).superRefine(confirmed);

export const inviteMemberSchema = z.object({ email: emailSchema, role: roleSchema });

export const setMemberRoleSchema = z.object({ userId: idSchema, role: roleSchema });

export const memberIdSchema = z.object({ userId: idSchema });

export const invitationIdSchema = z.object({ id: idSchema });

/** A sign-in lock to lift: "email:…" or "address:…" (lib/accounts/sign-in-throttle.ts). */
export const signInLockSchema = z.object({ key: z.string().max(400).regex(/^(email|address):./, "Unknown sign-in lock.") });

export const createApiTokenSchema = z.object({
  name: z.string({ message: "Name the token." }).trim().min(1, "Name the token, e.g. after the script or CI job that uses it.").max(80, "A token name is at most 80 characters."),
});

export const apiTokenIdSchema = z.object({ id: idSchema });

export type SignInInput = z.infer<typeof signInSchema>;
export type FirstAdminInput = z.infer<typeof firstAdminSchema>;
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

type Refused<Field extends string> = { ok: false; message: string; fieldErrors?: Partial<Record<Field, string[]>> };

/** What an account form gets back: a message, and messages per field to show in place. */
export type AccountFormState<Field extends string = string> = { ok: true; message: string } | Refused<Field> | null;

/** The invitation form also gets the link, once: only its hash is stored. */
export type InviteFormState = { ok: true; message: string; link: string } | Refused<"email" | "role"> | null;

/** The token form also gets the token, once: only its hash is stored. */
export type CreateTokenFormState = { ok: true; message: string; token: string } | Refused<"name"> | null;
