/**
 * The run page's case grouped by tool (bench:results): the table that means "the groups are there"
 * and the number it must show, the transcripts of the tool the run judged most calls of, counted
 * from the run's rows. Read from the database, seeded or reused alike.
 */
import { createPrisma } from "@/lib/platform/db/client";

export interface GroupsCase {
  table: string;
  /** Its row's first number: the tool's transcripts. */
  pattern: RegExp;
  transcripts: number;
  tool: string;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export async function groupsCase(databaseUrl: string, runId: string): Promise<GroupsCase> {
  const prisma = createPrisma(databaseUrl, { background: true });
  try {
    const judged = { evaluations: { some: { runId } } };
    const [commonest] = await prisma.toolCall.groupBy({ by: ["toolName"], where: judged, _count: { _all: true }, orderBy: [{ _count: { toolName: "desc" } }, { toolName: "asc" }], take: 1 });
    if (!commonest) throw new Error(`run ${runId} judged no calls`);
    const tool = commonest.toolName;
    const transcripts = await prisma.toolCall.findMany({ where: { ...judged, toolName: tool }, distinct: ["transcriptId"], select: { transcriptId: true } });
    // The row's header links the tool; its first cell counts the group's transcripts.
    const pattern = new RegExp(`>${escaped(tool)}</a></th><td[^>]*>([\\d,]+)</td>`);
    return { table: "Results by tool", pattern, transcripts: transcripts.length, tool };
  } finally {
    await prisma.$disconnect();
  }
}
