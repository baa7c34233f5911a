import type { Metadata } from "next";
import Link from "next/link";
import { AcceptInvitationForm } from "@/components/accounts/accept-invitation-form";
import { AuthCard } from "@/components/accounts/text-field";
import { roleDescriptions } from "@/lib/accounts/roles";
import { invitationForToken, UNUSABLE_LINK } from "@/lib/accounts/server/invitations";
import { getPrisma } from "@/lib/platform/db/client";
import { linkTokenSchema } from "@/lib/accounts/schemas/accounts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Invitation" };

/** Public: the link's token is the authorisation. It says why a link no longer works. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const token = linkTokenSchema.safeParse((await params).token);
  const invitation = token.success ? await invitationForToken(getPrisma(), token.data) : ({ found: false } as const);
  if (!token.success || !invitation.found || invitation.status !== "pending") {
    const reason = invitation.found && invitation.status !== "pending" ? invitation.status : "unknown";
    return (
      <AuthCard title="This invitation cannot be used">
        <p role="alert" className="text-sm text-rose-800">{UNUSABLE_LINK[reason]}</p>
        <Link href="/sign-in" className="mt-4 inline-block text-sm text-indigo-700 hover:underline">Go to sign-in</Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Join Callboard"
      description={
        <>
          {invitation.invitedBy} invited you as <strong>{invitation.role}</strong>: {roleDescriptions[invitation.role]}
        </>
      }
    >
      <AcceptInvitationForm token={token.data} email={invitation.email} />
    </AuthCard>
  );
}
