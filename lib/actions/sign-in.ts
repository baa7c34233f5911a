"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientAddress } from "@/lib/auth/client-address";
import { env } from "@/lib/env";
import { safeNextPath } from "@/lib/auth/safe-next";
import { getAuth } from "@/lib/server/auth/auth";
import { signIn } from "@/lib/server/auth/sign-in";
import { getPrisma } from "@/lib/server/db/client";
import { signInSchema, type AccountFormState } from "@/lib/zod/accounts";
import { accountErrorState, formText } from "./account-result";
import { fieldErrorState } from "./action-result";

/** Public by nature: the password is the check. Better Auth sets the session cookie (nextCookies). */
export async function signInAction(_previous: AccountFormState<"email" | "password">, form: FormData): Promise<AccountFormState<"email" | "password">> {
  const parsed = signInSchema.safeParse({ email: formText(form, "email"), password: formText(form, "password"), next: formText(form, "next") });
  if (!parsed.success) return fieldErrorState(parsed.error);
  try {
    const address = clientAddress(await headers(), env().CALLBOARD_TRUSTED_PROXIES);
    await signIn(getPrisma(), getAuth(), { ...parsed.data, address });
  } catch (error) {
    return accountErrorState(error);
  }
  redirect(safeNextPath(parsed.data.next));
}
