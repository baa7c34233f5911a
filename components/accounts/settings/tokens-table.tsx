"use client";

import { revokeApiTokenAction } from "@/lib/accounts/actions/revoke-api-token";
import { RowActionButton, SettingsTable, useRowAction } from "./settings-table";

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
  const { message, pending, act } = useRowAction();
  const columns = ["Name", ...(showOwner ? ["Owner"] : []), "Starts with", "Created", "Last used"];
  return (
    <SettingsTable label={label} columns={columns} message={message}>
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
              <RowActionButton disabled={pending} onClick={() => act(() => revokeApiTokenAction({ id: token.id }))}>
                Revoke
              </RowActionButton>
            )}
          </td>
        </tr>
      ))}
    </SettingsTable>
  );
}
