"use client";

import { revokeInvitationAction } from "@/lib/accounts/actions/revoke-invitation";
import { RowActionButton, SettingsTable, useRowAction } from "./settings-table";

export interface InvitationView {
  id: string;
  email: string;
  role: string;
  status: "pending" | "expired";
  invitedBy: string;
  expires: string;
}

export function InvitationsTable({ invitations }: { invitations: InvitationView[] }) {
  const { message, pending, act } = useRowAction();
  if (invitations.length === 0 && !message) return <p className="text-sm text-slate-600">No open invitations.</p>;
  return (
    <SettingsTable label="Invitations" columns={["Email", "Role", "Invited by", "Expires"]} message={message}>
      {invitations.map((invitation) => (
        <tr key={invitation.id} aria-label={invitation.email}>
          <td className="p-2">{invitation.email}</td>
          <td className="p-2">{invitation.role}</td>
          <td className="p-2">{invitation.invitedBy}</td>
          <td className="p-2">{invitation.status === "expired" ? <span className="text-rose-800">expired {invitation.expires}</span> : invitation.expires}</td>
          <td className="p-2 text-right">
            <RowActionButton disabled={pending} onClick={() => act(() => revokeInvitationAction({ id: invitation.id }))}>
              Withdraw
            </RowActionButton>
          </td>
        </tr>
      ))}
    </SettingsTable>
  );
}
