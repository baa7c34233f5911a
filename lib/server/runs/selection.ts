import type { Prisma } from "@/lib/generated/prisma/client";
import type { RunSelection } from "@/lib/zod/runs";
import { visibleTranscript } from "../uploads/visible";

/**
 * The transcripts a selection covers, with the same meaning as the transcripts list's filters.
 * A file still importing, or rolled back, never enters a run, whichever way it is selected.
 */
export function selectionWhere(selection: RunSelection): Prisma.TranscriptWhereInput {
  return { ...selectedTranscripts(selection), ...visibleTranscript };
}

function selectedTranscripts(selection: RunSelection): Prisma.TranscriptWhereInput {
  switch (selection.kind) {
    case "all":
      return {};
    case "upload":
      return { uploadId: selection.uploadId };
    case "transcripts":
      return { id: { in: selection.ids } };
    case "filter": {
      const where: Prisma.TranscriptWhereInput = {};
      if (selection.q) where.name = { contains: selection.q };
      if (selection.tool) where.toolCalls = { some: { toolName: selection.tool } };
      if (selection.warnings) where.warningCount = selection.warnings === "yes" ? { gt: 0 } : 0;
      return where;
    }
  }
}
