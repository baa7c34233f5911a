import { sortableUuid } from "@/lib/platform/ids/sortable-uuid";
import type Database from "better-sqlite3";
import type { ImportSuccess } from "@/lib/transcripts/import-types";
import { METADATA_SET_SQL, metadataColumnValues } from "../metadata-columns";
import { preparedTranscript } from "../store";
import { INSERT_CALL, transcriptInserts } from "../transcript-store/sqlite";
import { announceArrivalsSqlite } from "../arrivals";

export type WriteOutcome = { kind: "created" | "updated" | "unchanged"; transcriptId: string } | { kind: "duplicate"; transcriptId: string };

const FIND_HASH = `SELECT "id" FROM "Transcript" WHERE "contentHash" = ?`;
const FIND_TRANSCRIPT = `SELECT "contentHash" FROM "Transcript" WHERE "id" = ?`;
const UPDATE_TRANSCRIPT = `UPDATE "Transcript" SET "name" = ?, "format" = ?, "contentHash" = ?, "messages" = ?, "tools" = ?, "metadata" = ?,
  "messageCount" = ?, "toolCallCount" = ?, "warningCount" = ?, "warnings" = ?, ${METADATA_SET_SQL} WHERE "id" = ?`;
const CALLS_OF = `SELECT "id", "callId" FROM "ToolCall" WHERE "transcriptId" = ? ORDER BY "ordinal"`;
const PARK_CALL = `UPDATE "ToolCall" SET "messageIndex" = ? WHERE "id" = ?`;
const UPDATE_CALL = `UPDATE "ToolCall" SET "callId" = ?, "messageIndex" = ?, "position" = ?, "ordinal" = ?, "toolName" = ?, "rawArguments" = ?,
  "parsedArguments" = ?, "argumentsError" = ?, "responseIndex" = ?, "response" = ? WHERE "id" = ?`;
const DELETE_CALL = `DELETE FROM "ToolCall" WHERE "id" = ?`;

/**
 * Writes the transcript of a trace: a new row the first time, the same row (and the same tool
 * call rows, matched by call id) when late spans change it, so that runs, results and reviews of
 * its calls stay attached. Runs inside the caller's transaction.
 */
export function transcriptWriter(db: Database.Database) {
  const insert = transcriptInserts(db);
  const findHash = db.prepare<[string], string>(FIND_HASH).pluck();
  const findTranscript = db.prepare<[string], string>(FIND_TRANSCRIPT).pluck();
  const updateTranscript = db.prepare(UPDATE_TRANSCRIPT);
  const callsOf = db.prepare<[string], { id: string; callId: string }>(CALLS_OF);
  const parkCall = db.prepare(PARK_CALL);
  const updateCall = db.prepare(UPDATE_CALL);
  const deleteCall = db.prepare(DELETE_CALL);
  const insertCall = db.prepare(INSERT_CALL);

  return (outcome: ImportSuccess, existingId: string | null, createdAt: string): WriteOutcome => {
    const item = preparedTranscript(outcome);
    const sameHash = findHash.get(item.hash);
    const currentHash = existingId ? findTranscript.get(existingId) : undefined;
    if (existingId && currentHash !== undefined) {
      if (currentHash === item.hash) return { kind: "unchanged", transcriptId: existingId };
      // The new content is already stored as another transcript (an upload of the same conversation).
      if (sameHash !== undefined) return { kind: "duplicate", transcriptId: sameHash };
      const t = item.transcript;
      updateTranscript.run(item.name, item.format, item.hash, JSON.stringify(t.messages), JSON.stringify(t.tools), JSON.stringify(t.metadata), t.messages.length, item.sites.length, item.warnings.length, JSON.stringify(item.warnings), ...metadataColumnValues(t.metadata), existingId);
      reconcileCalls(existingId, outcome);
      announceArrivalsSqlite(db, [existingId]);
      return { kind: "updated", transcriptId: existingId };
    }
    if (sameHash !== undefined) return { kind: "duplicate", transcriptId: sameHash };
    const id = sortableUuid();
    insert({ id, uploadId: null, createdAt, item });
    announceArrivalsSqlite(db, [id]);
    return { kind: "created", transcriptId: id };
  };

  function reconcileCalls(transcriptId: string, outcome: ImportSuccess): void {
    const existing = callsOf.all(transcriptId);
    const byCallId = new Map<string, string[]>();
    for (const row of existing) byCallId.set(row.callId, [...(byCallId.get(row.callId) ?? []), row.id]);
    const matched = outcome.sites.map((site) => byCallId.get(site.callId)?.shift() ?? null);
    const kept = new Set(matched.filter((id): id is string => id !== null));
    for (const row of existing) if (!kept.has(row.id)) deleteCall.run(row.id);
    // Calls move when messages are inserted before them: park them first, since (transcript, message, position) is unique.
    matched.forEach((id, i) => id && parkCall.run(-1 - i, id));
    outcome.sites.forEach((site, i) => {
      const parsed = site.arguments.ok && site.arguments.value !== null ? JSON.stringify(site.arguments.value) : null;
      const error = site.arguments.ok ? null : site.arguments.error;
      const id = matched[i];
      if (id) updateCall.run(site.callId, site.messageIndex, site.position, site.ordinal, site.toolName, site.rawArguments, parsed, error, site.responseIndex, site.response, id);
      else insertCall.run(sortableUuid(), transcriptId, site.callId, site.messageIndex, site.position, site.ordinal, site.toolName, site.rawArguments, parsed, error, site.responseIndex, site.response);
    });
  }
}
