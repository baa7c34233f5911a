"use client";

import { useActionState, useState } from "react";
import { FormMessage, TextField } from "@/components/accounts/text-field";
import { createApiTokenAction } from "@/lib/accounts/actions/create-api-token";
import type { CreateTokenFormState } from "@/lib/accounts/schemas/accounts";
import { CopyField } from "./copy-field";

export function CreateTokenForm() {
  const [state, action, pending] = useActionState<CreateTokenFormState, FormData>(createApiTokenAction, null);
  const [name, setName] = useState("");
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    <form action={action} aria-label="New API token" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">New API token</h2>
      <TextField label="Name" name="name" required maxLength={80} value={name} onChange={(e) => setName(e.target.value)} errors={errors?.name} hint="What uses it, e.g. “nightly CI”." />
      <div className="flex items-center gap-3">
        <button type="submit" disabled={pending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50">
          Create token
        </button>
        <FormMessage state={state} />
      </div>
      {state?.ok ? <CopyField label="New token" value={state.token} /> : null}
    </form>
  );
}
