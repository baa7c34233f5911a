"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/accounts/server/auth";
import { signOut } from "@/lib/accounts/server/sign-in";

/** Ends this browser's session; there is nothing to authorise in signing oneself out. */
export async function signOutAction(): Promise<void> {
  await signOut(getAuth(), await headers());
  redirect("/sign-in");
}
