"use client";

import { useState, useTransition } from "react";
import { revokeApiTokenAction } from "@/lib/actions/revoke-api-token";

export interface TokenView {
  id: string;
  name: string;
  prefix: string;
  owner?: string;
  created: string;
  lastUsed: string | null;
  revoked: string | null;
}

export function TokensTable({ tokens, label, showOwner = false }: { tokens: TokenView[]; label: string; showOwner?: boolean }) {
  const [message, setMessage] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="space-y-2">
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={`text-sm ${message.ok ? "text-emerald-800" : "text-rose-800"}`}>{message.message}</p>
      ) : null}
      <table aria-label={label} className="w-full rounded-lg border border-slate-200 bg-white text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th className="p-2 font-medium">Name</th>
            {showOwner ? <th className="p-2 font-medium">Owner</th> : null}
            <th className="p-2 font-medium">Starts with</th>
            <th className="p-2 font-medium">Created</th>
            <th className="p-2 font-medium">Last used</th>
            <th className="p-2 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {tokens.map((token) => (
            <tr key={token.id} aria-label={token.name} className={token.revoked ? "text-slate-500" : ""}>
              <td className="p-2">{token.name}</td>
              {showOwner ? <td className="p-2">{token.owner}</td> : null}
              <td className="p-2 font-mono">{token.prefix}…</td>
              <td className="p-2">{token.created}</td>
              <td className="p-2">{token.lastUsed ?? "never"}</td>
              <td className="p-2 text-right">
                {token.revoked ? (
                  <span>revoked {token.revoked}</span>
                ) : (
                  <button
                    type="button"
                    disabled={pending}
                    onClick={() => startTransition(async () => setMessage(await revokeApiTokenAction({ id: token.id })))}
                    className="text-rose-700 hover:underline"
                  >
                    Revoke
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
