import { criterionLabel } from "@/components/runs/criterion-label";
import { JudgeAgreementPanel } from "@/components/runs/results/judge-agreement-panel";
import type { JudgeAgreementRow } from "@/lib/review/server/human-agreement";

interface Props {
  runId: string;
  agreement: Promise<JudgeAgreementRow[]>;
  /** The viewer may build review queues. */
  canBuildQueue: boolean;
}

/** The run's judge agreement with people, once the reviews are read. */
export async function RunAgreementSection({ runId, agreement, canBuildQueue }: Props) {
  const rows = await agreement;
  return (
    <JudgeAgreementPanel
      rows={rows.map(({ criterionText, criterionTitle, ...row }) => ({ ...row, criterionLabel: criterionLabel({ title: criterionTitle, text: criterionText }, 80) }))}
      buildQueueHref={canBuildQueue ? `/review/new?runId=${encodeURIComponent(runId)}` : null}
      disputedHref={`/runs/${runId}?review=disputed`}
    />
  );
}
