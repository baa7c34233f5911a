"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import { FormMessage, TextField } from "@/components/accounts/text-field";
import { inviteMemberAction } from "@/lib/accounts/actions/invite-member";
import { roleDescriptions, roles } from "@/lib/accounts/roles";
import type { InviteFormState } from "@/lib/accounts/schemas/accounts";
import { useEditedSince } from "@/components/ui/use-edited-since";
import { CopyField } from "./copy-field";

/** No email is sent: the admin copies the link and passes it on. */
export function InviteForm() {
  const [state, action, pending] = useActionState<InviteFormState, FormData>(inviteMemberAction, null);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState("reviewer");
  const [answered, setAnswered] = useState(state);
  // An invitation made: the address is done with, the role stays for the next one of the same kind.
  if (state !== answered) {
    setAnswered(state);
    if (state?.ok) setEmail("");
  }
  // Sent by hand, not through `action=`: React empties a form after its action, which put the role
  // list back on its first option while the description below still named the chosen role.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => action(data));
  };
  // A refusal's messages speak of the form as sent: once it is edited, they go.
  const { edited, markEdited } = useEditedSince(state && !state.ok ? state : null);
  const errors = state && !state.ok && !edited ? state.fieldErrors : undefined;
  return (
    <form onSubmit={submit} onChange={markEdited} aria-label="Invite a member" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">Invite a member</h2>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <TextField label="Email" name="email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} errors={errors?.email} />
        <div>
          <label className="block text-sm font-medium">
            Role
            <select name="role" value={role} onChange={(e) => setRole(e.target.value)} className="mt-1 w-full rounded-md border border-slate-300 bg-white p-2 text-sm">
              {roles.map((r) => (
                <option key={r} value={r}>{r}</option>
              ))}
            </select>
          </label>
          {errors?.role ? <p className="mt-1 text-sm text-rose-800">{errors.role[0]}</p> : null}
        </div>
      </div>
      <p className="text-xs text-slate-600">{roleDescriptions[role as keyof typeof roleDescriptions] ?? ""}</p>
      <div className="flex items-center gap-3">
        <button type="submit" disabled={pending} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 disabled:opacity-50">
          Create invitation link
        </button>
        <FormMessage state={edited ? null : state} />
      </div>
      {state?.ok ? <CopyField label="Invitation link" value={new URL(state.link, window.location.origin).toString()} /> : null}
    </form>
  );
}
