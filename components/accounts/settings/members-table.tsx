"use client";

import { deactivateMemberAction } from "@/lib/accounts/actions/deactivate-member";
import { setMemberRoleAction } from "@/lib/accounts/actions/set-member-role";
import { roles, type Role } from "@/lib/accounts/roles";
import { RowActionButton, SettingsTable, useRowAction } from "./settings-table";

export interface MemberView {
  id: string;
  name: string;
  email: string;
  role: string;
  joined: string;
  removed: string | null;
}

export function MembersTable({ members, currentUserId }: { members: MemberView[]; currentUserId: string }) {
  const { message, pending, act } = useRowAction();
  return (
    <SettingsTable label="Members" columns={["Name", "Email", "Role", "Joined"]} message={message}>
      {members.map((member) => (
        <tr key={member.id} aria-label={member.name} className={member.removed ? "text-slate-500" : ""}>
          <td className="p-2">{member.name}{member.id === currentUserId ? " (you)" : ""}</td>
          <td className="p-2">{member.email}</td>
          <td className="p-2">
            {member.removed ? (
              <span>removed {member.removed}</span>
            ) : member.id === currentUserId ? (
              // Changing one's own role could leave the team without an admin: another admin does it.
              <span title="Another admin can change your role">{member.role}</span>
            ) : (
              <select
                aria-label={`Role of ${member.name}`}
                value={member.role}
                disabled={pending}
                onChange={(e) => {
                  // The options are the roles; the action checks the value again with the same schema.
                  const role = e.target.value as Role;
                  act(() => setMemberRoleAction({ userId: member.id, role }));
                }}
                className="rounded-md border border-slate-300 bg-white p-1"
              >
                {roles.map((r) => (
                  <option key={r} value={r}>{r}</option>
                ))}
              </select>
            )}
          </td>
          <td className="p-2">{member.joined}</td>
          <td className="p-2 text-right">
            {member.removed || member.id === currentUserId ? null : (
              <RowActionButton
                disabled={pending}
                onClick={() => {
                  if (!window.confirm(`Remove ${member.name}? They are signed out and their API tokens stop working. Their reviews and comments stay.`)) return;
                  act(() => deactivateMemberAction({ userId: member.id }));
                }}
              >
                Remove
              </RowActionButton>
            )}
          </td>
        </tr>
      ))}
    </SettingsTable>
  );
}
