"use client";

import { useActionState, useState } from "react";
import { signInAction } from "@/lib/accounts/actions/sign-in";
import type { AccountFormState } from "@/lib/accounts/schemas/accounts";
import { FormMessage, TextField } from "./text-field";

export function SignInForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState<AccountFormState<"email" | "password">, FormData>(signInAction, null);
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  // Controlled, so a refused attempt keeps the email (React resets uncontrolled fields).
  const [email, setEmail] = useState("");
  return (
    <form action={action} aria-label="Sign in" className="space-y-4">
      <input type="hidden" name="next" value={next} />
      <TextField label="Email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} errors={errors?.email} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required errors={errors?.password} />
      <FormMessage state={state && !state.ok ? state : null} />
      <button type="submit" disabled={pending} className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50">
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
