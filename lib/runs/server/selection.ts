import type { Prisma } from "@/lib/generated/prisma/client";
import type { RunSelection } from "@/lib/runs/schemas/runs";
import type { SqlDialect } from "@/lib/platform/db/dialect-sql";
import { visibleTranscript } from "@/lib/transcripts/server/uploads/visible";

/**
 * The transcripts a selection covers, with the same meaning as the transcripts list's filters.
 * A file still importing, or rolled back, never enters a run, whichever way it is selected.
 * `dialect` is the database's (sqlDialect): the name search ignores case on both.
 */
export function selectionWhere(selection: RunSelection, dialect: SqlDialect): Prisma.TranscriptWhereInput {
  return { ...selectedTranscripts(selection, dialect), ...visibleTranscript };
}

function selectedTranscripts(selection: RunSelection, dialect: SqlDialect): Prisma.TranscriptWhereInput {
  switch (selection.kind) {
    case "all":
      return {};
    case "upload":
      return { uploadId: selection.uploadId };
    case "monitor":
      // Its transcripts are added one by one as they arrive: as a selection, it names none.
      return { id: { in: [] } };
    case "transcripts":
      return { id: { in: selection.ids } };
    case "filter": {
      const where: Prisma.TranscriptWhereInput = {};
      if (selection.q) where.name = dialect.containsIgnoringCase(selection.q);
      if (selection.tool) where.toolCalls = { some: { toolName: selection.tool } };
      if (selection.warnings) where.warningCount = selection.warnings === "yes" ? { gt: 0 } : 0;
      return where;
    }
  }
}
