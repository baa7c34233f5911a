import type { PrismaClient } from "@/lib/generated/prisma/client";
import { countVisible } from "@/lib/transcripts/server/uploads/visible-counts";

export interface DashboardSummary {
  counts: { transcripts: number; toolCalls: number; criteria: number; runs: number; evaluations: number; openReviews: number };
  latestRuns: { id: string; name: string; judgeId: string; mode: string; status: string; total: number; doneCount: number; errorCount: number; createdAt: Date }[];
  latestUploads: { id: string; source: string; importedCount: number; rejectedCount: number; createdAt: Date }[];
}

export async function getDashboardSummary(prisma: PrismaClient): Promise<DashboardSummary> {
  const [{ transcripts, toolCalls }, criteria, runs, evaluations, openReviews, latestRuns, latestUploads] = await Promise.all([
    countVisible(prisma),
    prisma.criterion.count({ where: { archived: false } }),
    prisma.run.count(),
    prisma.evaluation.count(),
    prisma.review.count({ where: { status: { not: "done" } } }),
    prisma.run.findMany({
      orderBy: { createdAt: "desc" },
      take: 5,
      select: { id: true, name: true, judgeId: true, mode: true, status: true, total: true, doneCount: true, errorCount: true, createdAt: true },
    }),
    prisma.upload.findMany({
      orderBy: { createdAt: "desc" },
      take: 5,
      select: { id: true, source: true, importedCount: true, rejectedCount: true, createdAt: true },
    }),
  ]);
  return { counts: { transcripts, toolCalls, criteria, runs, evaluations, openReviews }, latestRuns, latestUploads };
}
