"use client";

import { useState, useTransition } from "react";
import { revokeInvitationAction } from "@/lib/actions/revoke-invitation";

export interface InvitationView {
  id: string;
  email: string;
  role: string;
  status: "pending" | "expired";
  invitedBy: string;
  expires: string;
}

export function InvitationsTable({ invitations }: { invitations: InvitationView[] }) {
  const [message, setMessage] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();
  if (invitations.length === 0 && !message) return <p className="text-sm text-slate-600">No open invitations.</p>;
  return (
    <div className="space-y-2">
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={`text-sm ${message.ok ? "text-emerald-800" : "text-rose-800"}`}>{message.message}</p>
      ) : null}
      <table aria-label="Invitations" className="w-full rounded-lg border border-slate-200 bg-white text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th className="p-2 font-medium">Email</th>
            <th className="p-2 font-medium">Role</th>
            <th className="p-2 font-medium">Invited by</th>
            <th className="p-2 font-medium">Expires</th>
            <th className="p-2 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {invitations.map((invitation) => (
            <tr key={invitation.id} aria-label={invitation.email}>
              <td className="p-2">{invitation.email}</td>
              <td className="p-2">{invitation.role}</td>
              <td className="p-2">{invitation.invitedBy}</td>
              <td className="p-2">{invitation.status === "expired" ? <span className="text-rose-800">expired {invitation.expires}</span> : invitation.expires}</td>
              <td className="p-2 text-right">
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => startTransition(async () => setMessage(await revokeInvitationAction({ id: invitation.id })))}
                  className="text-rose-700 hover:underline"
                >
                  Withdraw
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
