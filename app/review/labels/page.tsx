import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { LabelManager } from "@/components/review/label-manager";
import { archiveReviewLabelAction } from "@/lib/review/actions/label-archive";
import { createReviewLabelAction } from "@/lib/review/actions/label-create";
import { renameReviewLabelAction } from "@/lib/review/actions/label-rename";
import { can } from "@/lib/accounts/roles";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { listLabels } from "@/lib/review/server/labels";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review labels" };

const actions = { create: createReviewLabelAction, rename: renameReviewLabelAction, archive: archiveReviewLabelAction };

export default async function ReviewLabelsPage() {
  const user = await requirePageUser("read");
  const labels = await listLabels(getPrisma(), { includeArchived: true });
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/review" className="text-indigo-700 hover:underline">Review</Link>
      </nav>
      <PageHeader title="Review labels" description="The small set of labels reviewers tag items with: what went wrong, in a word or two." />
      <LabelManager
        labels={labels.map((label) => ({ id: label.id, name: label.name, description: label.description, archived: label.archivedAt !== null, usage: label.usage }))}
        canEdit={can(user.role, "edit-labels")}
        actions={actions}
      />
    </>
  );
}
