import type { Metadata } from "next";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";

export const metadata: Metadata = { title: "Review" };

export default function ReviewPage() {
  return (
    <>
      <PageHeader title="Review" description="Failed and disputed tool calls, reviewed as a team." />
      <EmptyState title="Nothing to review yet" action={{ href: "/runs", label: "Go to runs" }}>
        Once a run has finished, its failed verdicts, low scores and calls whose verdict changed between immediate and hindsight
        evaluation are queued here for people to confirm or dispute.
      </EmptyState>
    </>
  );
}
