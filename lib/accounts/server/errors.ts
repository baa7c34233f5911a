import { isAPIError } from "better-auth/api";
import { AppError } from "@/lib/platform/errors/app-error";

/** Better Auth's error code (`INVALID_EMAIL_OR_PASSWORD`, …), when `error` is one of its refusals. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const code: unknown = error.body?.code;
  return typeof code === "string" ? code : undefined;
}

/** Better Auth's refusals of sign-up input, in our words; anything else is a bug and is rethrown. */
export function signUpRefusal(error: unknown): AppError | null {
  switch (authErrorCode(error)) {
    case "INVALID_EMAIL":
      return new AppError("invalid-input", "Enter a valid email address.", { field: "email" });
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
    case "INVALID_PASSWORD":
      return new AppError("invalid-input", PASSWORD_RULE, { field: "password" });
    case "VALIDATION_ERROR":
      return validationRefusal(error instanceof Error ? error.message : "");
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return new AppError("conflict", "An account with this email already exists: sign in instead.", { field: "email" });
    default:
      return null;
  }
}

/** Better Auth's body schema names the field: "[body.email] Invalid email address". */
function validationRefusal(message: string): AppError | null {
  const field = /\[body\.(\w+)\]/.exec(message)?.[1];
  if (field === "email") return new AppError("invalid-input", "Enter a valid email address.", { field: "email" });
  if (field === "password") return new AppError("invalid-input", PASSWORD_RULE, { field: "password" });
  if (field === "name") return new AppError("invalid-input", "Enter a name.", { field: "name" });
  return null;
}

export const PASSWORD_RULE = "A password has 8 to 256 characters.";
