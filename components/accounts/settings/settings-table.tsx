"use client";

import { useState, useTransition, type ReactNode } from "react";

export interface ActionMessage {
  ok: boolean;
  message: string;
}

/** The settings tables' row actions: one at a time, their last answer shown above the table. */
export function useRowAction() {
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const [pending, startTransition] = useTransition();
  const act = (action: () => Promise<ActionMessage>) => startTransition(async () => setMessage(await action()));
  return { message, pending, act };
}

/** A settings list (members, invitations, tokens): the last action's answer, then the table; its last column holds the row's actions. */
export function SettingsTable({ label, columns, message, children }: { label: string; columns: string[]; message: ActionMessage | null; children: ReactNode }) {
  return (
    <div className="space-y-2">
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={`text-sm ${message.ok ? "text-emerald-800" : "text-rose-800"}`}>{message.message}</p>
      ) : null}
      <table aria-label={label} className="w-full rounded-lg border border-slate-200 bg-white text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((column) => (
              <th key={column} className="p-2 font-medium">{column}</th>
            ))}
            <th className="p-2 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

/** A row's action that takes something away (withdraw, revoke, remove). */
export function RowActionButton({ disabled, onClick, children }: { disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" disabled={disabled} onClick={onClick} className="text-rose-700 hover:underline">
      {children}
    </button>
  );
}
