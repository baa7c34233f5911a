import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { InvitationsTable } from "@/components/accounts/settings/invitations-table";
import { InviteForm } from "@/components/accounts/settings/invite-form";
import { MembersTable } from "@/components/accounts/settings/members-table";
import { SignInLocksTable } from "@/components/accounts/settings/sign-in-locks-table";
import { formatDateTime } from "@/lib/platform/format";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { listInvitations } from "@/lib/accounts/server/invitations";
import { listMembers } from "@/lib/accounts/server/members";
import { listSignInBlocks } from "@/lib/accounts/server/sign-in-throttle";
import { getPrisma } from "@/lib/platform/db/client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const user = await requirePageUser("manage-members");
  const prisma = getPrisma();
  const [members, invitations, locks] = await Promise.all([listMembers(prisma), listInvitations(prisma), listSignInBlocks(prisma)]);
  return (
    <>
      <PageHeader title="Members" description="Who can use this Callboard, and what each person may do." />
      <div className="space-y-8">
        <InviteForm />
        <section aria-labelledby="members-heading" className="space-y-2">
          <h2 id="members-heading" className="text-lg font-semibold">Members</h2>
          <p className="text-sm text-slate-600">
            Admins manage members, labels and settings; reviewers upload, run evaluations, review and comment; viewers only read.
          </p>
          <MembersTable
            currentUserId={user.id}
            members={members.map((m) => ({
              id: m.id,
              name: m.name,
              email: m.email,
              role: m.role,
              joined: formatDateTime(m.createdAt),
              removed: m.deactivatedAt ? formatDateTime(m.deactivatedAt) : null,
            }))}
          />
        </section>
        <section aria-labelledby="invitations-heading" className="space-y-2">
          <h2 id="invitations-heading" className="text-lg font-semibold">Open invitations</h2>
          <InvitationsTable
            invitations={invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, status: i.status, invitedBy: i.invitedBy, expires: formatDateTime(i.expiresAt) }))}
          />
        </section>
        <section aria-labelledby="locks-heading" className="space-y-2">
          <h2 id="locks-heading" className="text-lg font-semibold">Sign-in locks</h2>
          <p className="text-sm text-slate-600">
            Emails and network addresses refused for a while after many wrong passwords. An admin&apos;s email is only slowed down, never locked.
          </p>
          <SignInLocksTable locks={locks.map((l) => ({ key: l.key, kind: l.kind, value: l.value, failures: l.failures, until: formatDateTime(l.blockedUntil) }))} />
        </section>
      </div>
    </>
  );
}
