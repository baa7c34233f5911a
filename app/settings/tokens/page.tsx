import type { Metadata } from "next";
import { headers } from "next/headers";
import { PageHeader } from "@/components/ui/page-header";
import { CreateTokenForm } from "@/components/accounts/settings/create-token-form";
import { TokensTable, type TokenView } from "@/components/accounts/settings/tokens-table";
import { can } from "@/lib/accounts/roles";
import { formatDateTime } from "@/lib/platform/format";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { originOf, publicOrigin } from "@/lib/platform/http/request-origin";
import { listApiTokens, listOthersActiveTokens, type ApiTokenRow } from "@/lib/accounts/server/manage-api-tokens";
import { getPrisma } from "@/lib/platform/db/client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API tokens" };

function view(token: ApiTokenRow): TokenView {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    owner: `${token.owner.name} (${token.owner.email})`,
    created: formatDateTime(token.createdAt),
    lastUsed: token.lastUsedAt ? formatDateTime(token.lastUsedAt) : null,
    revoked: token.revokedAt ? formatDateTime(token.revokedAt) : null,
  };
}

export default async function ApiTokensPage() {
  const user = await requirePageUser("manage-own-tokens");
  const origin = originOf(await headers(), publicOrigin());
  const prisma = getPrisma();
  const isAdmin = can(user.role, "manage-members");
  const [own, others] = await Promise.all([listApiTokens(prisma, user.id), isAdmin ? listOthersActiveTokens(prisma, user.id) : Promise.resolve([])]);
  return (
    <>
      <PageHeader title="API tokens" description="For scripts and CI: a token acts as you, with your role, until you revoke it." />
      <div className="space-y-8">
        <CreateTokenForm />
        <p className="text-sm text-slate-600">
          Send it as <code className="font-mono">Authorization: Bearer cb_…</code>, e.g.{" "}
          <code className="font-mono">curl -H &quot;Authorization: Bearer $CALLBOARD_TOKEN&quot; --data-binary @runs.jsonl {origin}/api/transcripts</code>
        </p>
        <section aria-labelledby="own-tokens-heading" className="space-y-2">
          <h2 id="own-tokens-heading" className="text-lg font-semibold">Your tokens</h2>
          {own.length === 0 ? <p className="text-sm text-slate-600">No tokens yet.</p> : <TokensTable label="Your tokens" tokens={own.map(view)} />}
        </section>
        {isAdmin && others.length > 0 ? (
          <section aria-labelledby="others-tokens-heading" className="space-y-2">
            <h2 id="others-tokens-heading" className="text-lg font-semibold">Other members&apos; active tokens</h2>
            <p className="text-sm text-slate-600">As an admin you can revoke any token, say one that leaked from CI.</p>
            <TokensTable label="Other members' tokens" tokens={others.map(view)} showOwner />
          </section>
        ) : null}
      </div>
    </>
  );
}
