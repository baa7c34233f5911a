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
import { signInSchema } from "@/lib/accounts/schemas/accounts";
import { actionClient } from "@/lib/platform/actions/action-client";
import { CORRECT_HIGHLIGHTED_FIELDS, formStateAction } from "@/lib/platform/actions/action-result";
import { formInput } from "@/lib/platform/actions/form-input";

/**
 * Public by nature: the password is the check. Better Auth sets the session cookie (nextCookies);
 * this sets the device cookie that keeps strangers' wrong passwords from locking this browser out.
 */
export const signInAction = formStateAction(
  actionClient.inputSchema(formInput(signInSchema)).action(async ({ parsedInput }) => {
    const address = clientAddress(await headers(), env().CALLBOARD_TRUSTED_PROXIES);
    const auth = getAuth();
    const device = await deviceCookieSettings(auth);
    const jar = await cookies();
    const signedIn = await signIn(getPrisma(), auth, { ...parsedInput, address, device: jar.get(device.name)?.value });
    jar.set(device.name, signedIn.deviceCookie, device.attributes);
    redirect(safeNextPath(parsedInput.next));
  }),
  { invalidInput: CORRECT_HIGHLIGHTED_FIELDS },
);
