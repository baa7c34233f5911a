import type { Prisma } from "@/lib/generated/prisma/client";
import type { RunSelection } from "@/lib/runs/schemas/runs";
import type { DatabaseProvider } from "@/lib/platform/db/provider-schema";
import { containsIgnoringCase } from "@/lib/platform/db/text-search";
import { visibleTranscript } from "@/lib/transcripts/server/uploads/visible";

/**
 * The transcripts a selection covers, with the same meaning as the transcripts list's filters.
 * A file still importing, or rolled back, never enters a run, whichever way it is selected.
 * `dialect` is the database's (dialectOf): the name search ignores case on both.
 */
export function selectionWhere(selection: RunSelection, dialect: DatabaseProvider): Prisma.TranscriptWhereInput {
  return { ...selectedTranscripts(selection, dialect), ...visibleTranscript };
}

function selectedTranscripts(selection: RunSelection, dialect: DatabaseProvider): Prisma.TranscriptWhereInput {
  switch (selection.kind) {
    case "all":
      return {};
    case "upload":
      return { uploadId: selection.uploadId };
    case "transcripts":
      return { id: { in: selection.ids } };
    case "filter": {
      const where: Prisma.TranscriptWhereInput = {};
      if (selection.q) where.name = containsIgnoringCase(dialect, selection.q);
      if (selection.tool) where.toolCalls = { some: { toolName: selection.tool } };
      if (selection.warnings) where.warningCount = selection.warnings === "yes" ? { gt: 0 } : 0;
      return where;
    }
  }
}
