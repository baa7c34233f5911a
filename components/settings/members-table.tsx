"use client";

import { useState, useTransition } from "react";
import { deactivateMemberAction } from "@/lib/actions/deactivate-member";
import { setMemberRoleAction } from "@/lib/actions/set-member-role";
import { roles } from "@/lib/auth/roles";

export interface MemberView {
  id: string;
  name: string;
  email: string;
  role: string;
  joined: string;
  removed: string | null;
}

export function MembersTable({ members, currentUserId }: { members: MemberView[]; currentUserId: string }) {
  const [message, setMessage] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const act = (action: () => Promise<{ ok: boolean; message: string }>) => startTransition(async () => setMessage(await action()));
  return (
    <div className="space-y-2">
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={`text-sm ${message.ok ? "text-emerald-800" : "text-rose-800"}`}>{message.message}</p>
      ) : null}
      <table aria-label="Members" className="w-full rounded-lg border border-slate-200 bg-white text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th className="p-2 font-medium">Name</th>
            <th className="p-2 font-medium">Email</th>
            <th className="p-2 font-medium">Role</th>
            <th className="p-2 font-medium">Joined</th>
            <th className="p-2 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {members.map((member) => (
            <tr key={member.id} aria-label={member.name} className={member.removed ? "text-slate-500" : ""}>
              <td className="p-2">{member.name}{member.id === currentUserId ? " (you)" : ""}</td>
              <td className="p-2">{member.email}</td>
              <td className="p-2">
                {member.removed ? (
                  <span>removed {member.removed}</span>
                ) : (
                  <select
                    aria-label={`Role of ${member.name}`}
                    value={member.role}
                    disabled={pending}
                    onChange={(e) => {
                      const role = e.target.value;
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
                  <button
                    type="button"
                    disabled={pending}
                    onClick={() => {
                      if (!window.confirm(`Remove ${member.name}? They are signed out and their API tokens stop working. Their reviews and comments stay.`)) return;
                      act(() => deactivateMemberAction({ userId: member.id }));
                    }}
                    className="text-rose-700 hover:underline"
                  >
                    Remove
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
