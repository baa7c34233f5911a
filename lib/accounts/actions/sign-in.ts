"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientAddress } from "@/lib/accounts/client-address";
import { env } from "@/lib/platform/env";
import { safeNextPath } from "@/lib/accounts/safe-next";
import { getAuth } from "@/lib/accounts/server/auth";
import { deviceCookieSettings } from "@/lib/accounts/server/device-cookie";
import { signIn } from "@/lib/accounts/server/sign-in";
import { getPrisma } from "@/lib/platform/db/client";
import { signInSchema, type AccountFormState } from "@/lib/accounts/schemas/accounts";
import { formText } from "./account-result";
import { actionFailure, fieldErrorState } from "@/lib/platform/actions/action-result";

/**
 * Public by nature: the password is the check. Better Auth sets the session cookie (nextCookies);
 * this sets the device cookie that keeps strangers' wrong passwords from locking this browser out.
 */
export async function signInAction(_previous: AccountFormState<"email" | "password">, form: FormData): Promise<AccountFormState<"email" | "password">> {
  const parsed = signInSchema.safeParse({ email: formText(form, "email"), password: formText(form, "password"), next: formText(form, "next") });
  if (!parsed.success) return fieldErrorState(parsed.error);
  try {
    const address = clientAddress(await headers(), env().CALLBOARD_TRUSTED_PROXIES);
    const auth = getAuth();
    const device = await deviceCookieSettings(auth);
    const jar = await cookies();
    const signedIn = await signIn(getPrisma(), auth, { ...parsed.data, address, device: jar.get(device.name)?.value });
    jar.set(device.name, signedIn.deviceCookie, device.attributes);
  } catch (error) {
    return actionFailure(error);
  }
  redirect(safeNextPath(parsed.data.next));
}
