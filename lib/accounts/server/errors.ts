import { isAPIError } from "better-auth/api";

export type AccountField = "email" | "password" | "name" | "role" | "token";

/**
 * A refusal the person can act on: the message is shown as is, next to `field` when there is one.
 * Services throw it; actions turn it into form state (lib/accounts/actions/account-result.ts).
 */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly field?: AccountField,
  ) {
    super(message);
    this.name = "AccountError";
  }
}

/** Better Auth's error code (`INVALID_EMAIL_OR_PASSWORD`, …), when `error` is one of its refusals. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const code: unknown = error.body?.code;
  return typeof code === "string" ? code : undefined;
}

/** Better Auth's refusals of sign-up input, in our words; anything else is a bug and is rethrown. */
export function signUpRefusal(error: unknown): AccountError | null {
  switch (authErrorCode(error)) {
    case "INVALID_EMAIL":
      return new AccountError("Enter a valid email address.", "email");
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
    case "INVALID_PASSWORD":
      return new AccountError(PASSWORD_RULE, "password");
    case "VALIDATION_ERROR":
      return validationRefusal(error instanceof Error ? error.message : "");
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return new AccountError("An account with this email already exists: sign in instead.", "email");
    default:
      return null;
  }
}

/** Better Auth's body schema names the field: "[body.email] Invalid email address". */
function validationRefusal(message: string): AccountError | null {
  const field = /\[body\.(\w+)\]/.exec(message)?.[1];
  if (field === "email") return new AccountError("Enter a valid email address.", "email");
  if (field === "password") return new AccountError(PASSWORD_RULE, "password");
  if (field === "name") return new AccountError("Enter a name.", "name");
  return null;
}

export const PASSWORD_RULE = "A password has 8 to 256 characters.";
