import type { PrismaClient } from "@/lib/generated/prisma/client";

/** The tool names a run's calls use, with how many calls each, for the tool filter. */
export async function runToolNames(prisma: PrismaClient, runId: string): Promise<{ toolName: string; calls: number }[]> {
  const groups = await prisma.toolCall.groupBy({
    by: ["toolName"],
    where: { evaluations: { some: { runId } } },
    _count: { _all: true },
    orderBy: { toolName: "asc" },
  });
  return groups.map((group) => ({ toolName: group.toolName, calls: group._count._all }));
}
