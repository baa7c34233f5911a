"use client";

import { useActionState, useState } from "react";
import { createFirstAdminAction } from "@/lib/accounts/actions/create-first-admin";
import type { AccountFormState } from "@/lib/accounts/schemas/accounts";
import { NewAccountFields } from "./new-account-fields";
import { FormMessage, TextField } from "./text-field";

export function SetupForm() {
  const [state, action, pending] = useActionState<AccountFormState<"name" | "email" | "password" | "confirmPassword">, FormData>(createFirstAdminAction, null);
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  return (
    <form action={action} aria-label="Create the admin account" className="space-y-4">
      <TextField label="Email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} errors={errors?.email} />
      <NewAccountFields errors={errors} name={name} onNameChange={setName} />
      <FormMessage state={state && !state.ok ? state : null} />
      <button type="submit" disabled={pending} className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50">
        {pending ? "Creating…" : "Create the admin account"}
      </button>
    </form>
  );
}
