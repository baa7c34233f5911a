"use client";

import { useActionState, useState } from "react";
import { acceptInvitationAction } from "@/lib/accounts/actions/accept-invitation";
import type { AccountFormState } from "@/lib/accounts/schemas/accounts";
import { NewAccountFields } from "./new-account-fields";
import { FormMessage } from "./text-field";

export function AcceptInvitationForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<AccountFormState<"token" | "name" | "password" | "confirmPassword">, FormData>(acceptInvitationAction, null);
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  const [name, setName] = useState("");
  return (
    <form action={action} aria-label="Accept the invitation" className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <p className="text-sm">
        Email: <span className="font-medium">{email}</span>
      </p>
      <NewAccountFields errors={errors} name={name} onNameChange={setName} />
      {/* The link itself is the one thing the person cannot fix here: its problem is the message. */}
      <FormMessage state={state && !state.ok ? { ok: false, message: errors?.token?.[0] ?? state.message } : null} />
      <button type="submit" disabled={pending} className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50">
        {pending ? "Joining…" : "Join Callboard"}
      </button>
    </form>
  );
}
