"use client";

import { unlockSignInAction } from "@/lib/accounts/actions/unlock-sign-in";
import { RowActionButton, SettingsTable, useRowAction } from "./settings-table";

export interface SignInLockView {
  key: string;
  kind: "email" | "address";
  value: string;
  failures: number;
  until: string;
}

export function SignInLocksTable({ locks }: { locks: SignInLockView[] }) {
  const { message, pending, act } = useRowAction();
  if (locks.length === 0 && !message) return <p className="text-sm text-slate-600">Nobody is locked out of sign-in.</p>;
  return (
    <SettingsTable label="Sign-in locks" columns={["Email or address", "Wrong passwords", "Locked until"]} message={message}>
      {locks.map((lock) => (
        <tr key={lock.key} aria-label={lock.value}>
          <td className="p-2">
            <span className="text-slate-500">{lock.kind === "email" ? "email" : "address"}</span> {lock.value}
          </td>
          <td className="p-2">{lock.failures}</td>
          <td className="p-2">{lock.until}</td>
          <td className="p-2 text-right">
            <RowActionButton disabled={pending} onClick={() => act(() => unlockSignInAction({ key: lock.key }))}>
              Unlock
            </RowActionButton>
          </td>
        </tr>
      ))}
    </SettingsTable>
  );
}
