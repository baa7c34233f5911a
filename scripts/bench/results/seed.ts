/**
 * Seeds a fresh, migrated SQLite file with one finished run for `npm run bench:results`.
 *
 * Transcripts come from the import benchmark's generator (scripts/bench/generate-transcripts.ts)
 * and go through importItem, the validation every upload goes through, so the stored messages,
 * tools and tool calls are what an upload of that file would store, written by the importer's own
 * statements (transcriptInserts, lib/transcripts/server/store.ts). The other rows are written
 * with better-sqlite3 prepared statements in the same transaction, columns as Prisma writes them
 * (see lib/platform/db/bulk-writer.ts): DateTime as ISO text with "+00:00", JSON as text, booleans
 * as 0/1.
 *
 * Layout: every call × criterion is one evaluation; `bothShare` of the calls are judged in both
 * modes (planEvaluations' "both": a hindsight and an immediate row, hindsight settled as not
 * applicable when the call has no response), the others once (its "auto": hindsight when the
 * call has a response, else immediate). The run is stored with mode "both", since it has
 * comparisons; CallComparison rows are computed with compareModes / storedComparison /
 * storedVerdict, exactly as the worker writes them.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { boundsFromResultsSql } from "@/lib/runs/server/call-bounds";
import { compareModes } from "@/lib/runs/results/compare-modes";
import { modeResultFromRow } from "@/lib/runs/results/mode-result";
import { storedComparison } from "@/lib/runs/results/stored-comparison";
import { sqliteDateTime } from "@/lib/platform/db/bulk-writer";
import { applyMigrations } from "@/lib/platform/db/schema-engine";
import { planEvaluations, type PlannedCall, type PlannedEvaluation } from "@/lib/runs/server/plan-evaluations";
import { preparedTranscript } from "@/lib/transcripts/server/store";
import { transcriptInserts } from "@/lib/transcripts/server/transcript-store/sqlite";
import { emptyStoredReport, mergeFileReport, type FileReport } from "@/lib/transcripts/server/upload-report";
import { storedVerdict } from "@/lib/runs/server/worker/write-comparisons";
import { importItem } from "@/lib/transcripts/import-item";
import { generateTranscripts, Rng } from "../generate-transcripts";
import { BENCH_CRITERIA, judge, judgedNotApplicable, profileCall, type CallProfile, type JudgedRow } from "./judged";

export interface SeedOptions {
  transcripts: number;
  calls: number;
  /** Share of the calls judged in both modes, in [0, 1]. */
  bothShare: number;
  seed: number;
}

export interface SeedSummary {
  databaseFile: string;
  runId: string;
  runName: string;
  criteria: { id: string; text: string; scale: string }[];
  transcripts: number;
  toolCalls: number;
  messages: number;
  callsWithoutResponse: number;
  /** Call × criterion pairs: the run's evaluations in the sense of "10,000 calls × 6 criteria". */
  pairs: number;
  bothCalls: number;
  bothPairs: number;
  evaluationRows: number;
  rowsByMode: { immediate: number; hindsight: number };
  rowsByStatus: { done: number; notApplicable: number; error: number };
  cached: number;
  comparisons: number;
  flippedComparisons: number;
  /** What the run page should say for each measured view ("N in all"), computed from the seeded rows. */
  expected: { allCalls: number; changedCalls: number; failCalls: number };
  sortCriterionId: string;
  filterCriterionId: string;
  /** The call in the middle of the run's default order, and its 0-based place there. */
  middleCall: { id: string; index: number; toolName: string; ordinal: number };
  databaseBytes: number;
  milliseconds: number;
}

const FILE_NAME = "bench-results.jsonl";
/** importFile writes 200 transcripts per transaction, each batch with its own createdAt. */
const IMPORT_BATCH = 200;
const WORKER_ID = "bench-worker-1";

const INSERT_UPLOAD = `INSERT INTO "Upload" ("id","source","fileNames","status","importedCount","duplicateCount","rejectedCount","warningCount","report","createdAt")
VALUES (?,?,?,?,?,?,?,?,?,?)`;
const FINISH_UPLOAD = `UPDATE "Upload" SET "status" = 'done', "importedCount" = ?, "warningCount" = ?, "report" = ? WHERE "id" = ?`;
const INSERT_CRITERION = `INSERT INTO "Criterion" ("id","text","kind","scale","condition","title","source","archived","createdAt","updatedAt")
VALUES (?,?,?,?,?,?,?,?,?,?)`;
const INSERT_RUN = `INSERT INTO "Run" ("id","name","judgeId","judgeSettings","mode","status","selection","total","doneCount","errorCount","cacheHits","error","createdAt","startedAt","finishedAt")
VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`;
const RUN_COUNTS = `UPDATE "Run" SET "doneCount" = ?, "errorCount" = ?, "cacheHits" = ? WHERE "id" = ?`;
const RUN_BOUNDS = boundsFromResultsSql("@runId");
const INSERT_RUN_CRITERION = `INSERT INTO "RunCriterion" ("runId","criterionId","position") VALUES (?,?,?)`;
const INSERT_EVALUATION = `INSERT INTO "Evaluation" ("id","runId","toolCallId","criterionId","mode","status","score","passed","explanation","findings","judgeId","latencyMs","usage","costUsd","cacheKey","cached","attempts","error","errorKind","measuredBy","claimedBy","claimedAt","finishedAt")
VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`;
const INSERT_COMPARISON = `INSERT INTO "CallComparison" ("id","runId","toolCallId","criterionId","kind","flipped","delta","immediateVerdict","hindsightVerdict","updatedAt")
VALUES (?,?,?,?,?,?,?,?,?,?)`;

interface SeededCall extends PlannedCall {
  transcriptId: string;
  transcriptCreatedAt: string;
  ordinal: number;
  profile: CallProfile;
}

interface EvaluationRow {
  id: string;
  toolCallId: string;
  criterionIndex: number;
  mode: "immediate" | "hindsight";
  status: "done" | "not-applicable" | "error";
  score: number | null;
  passed: boolean | null;
  explanation: string | null;
  findings: JudgedRow["findings"] | null;
  measuredBy: string[] | null;
  error: string | null;
  errorKind: string | null;
  cached: boolean;
  /** Settled at creation by the planner (no response): never claimed, no judge. */
  planned: boolean;
}

/** UUID-shaped ids from the seed, so that one seed always gives the same database (ids decide the list order). */
function idMaker(seed: number): () => string {
  const rng = new Rng(seed ^ 0x5eed1d);
  const hex = (digits: number) => Array.from({ length: digits }, () => "0123456789abcdef"[Math.floor(rng.next() * 16)]).join("");
  return () => `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[Math.floor(rng.next() * 4)]}${hex(3)}-${hex(12)}`;
}

const bool = (value: boolean | null) => (value === null ? null : value ? 1 : 0);
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

const JUDGE_ERRORS = [
  { error: "The checks judge timed out after 30000 ms", errorKind: "timeout" },
  { error: "Internal error while building the call's view: response message not found", errorKind: "internal" },
];

function evaluationRow(rng: Rng, newId: () => string, planned: PlannedEvaluation, call: SeededCall, criterionIndex: number): EvaluationRow {
  const base = { id: newId(), toolCallId: call.id, criterionIndex, mode: planned.mode, cached: false, error: null, errorKind: null };
  if (planned.notApplicable !== undefined) {
    return { ...base, status: "not-applicable", score: null, passed: null, explanation: planned.notApplicable, findings: null, measuredBy: null, planned: true };
  }
  if (rng.chance(0.003)) {
    const failure = rng.pick(JUDGE_ERRORS);
    return { ...base, status: "error", score: null, passed: null, explanation: null, findings: null, measuredBy: null, ...failure, planned: false };
  }
  const criterion = BENCH_CRITERIA[criterionIndex];
  const result = rng.chance(0.004) ? judgedNotApplicable(criterion, call.toolName) : judge(call.profile, criterion, planned.mode);
  return { ...base, ...result, cached: rng.chance(0.04), planned: false };
}

/**
 * The lines of a file, read 16 MB at a time: the generated file of 240,000 transcripts (1.4 GB) is
 * longer than the longest string V8 makes (0x1fffffe8 characters), so it cannot be read whole.
 */
export function* fileLines(file: string): Generator<string> {
  const fd = fs.openSync(file, "r");
  const chunk = Buffer.alloc(16 * 1024 * 1024);
  let rest = Buffer.alloc(0);
  try {
    for (;;) {
      const read = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      const data = Buffer.concat([rest, chunk.subarray(0, read)]);
      let start = 0;
      for (let end = data.indexOf(10, start); end !== -1; end = data.indexOf(10, start)) {
        yield data.toString("utf8", start, end);
        start = end + 1;
      }
      rest = Buffer.from(data.subarray(start));
    }
    if (rest.length) yield rest.toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}

/** Seeds `databaseFile` (created and migrated here) and says what it holds. */
export async function seedResults(dir: string, databaseFile: string, options: SeedOptions, log: (line: string) => void): Promise<SeedSummary> {
  const started = performance.now();
  const jsonl = path.join(dir, FILE_NAME);
  const generated = generateTranscripts(jsonl, { transcripts: options.transcripts, calls: options.calls, seed: options.seed });
  log(`  generated ${generated.transcripts.toLocaleString("en-US")} transcripts, ${generated.toolCalls.toLocaleString("en-US")} tool calls (${(generated.bytes / 1024 / 1024).toFixed(1)} MB)`);
  await applyMigrations(`file:${databaseFile}`);

  const rng = new Rng(options.seed * 7919 + 17);
  const newId = idMaker(options.seed);
  const now = Date.now();
  const importedAt = now - 60 * 60 * 1000;
  const runCreated = new Date(now - 20 * 60 * 1000);
  const runStarted = new Date(runCreated.getTime() + 1500);
  const runFinished = new Date(runStarted.getTime() + 7 * 60 * 1000 + 12_345);

  const db = new Database(databaseFile);
  try {
    db.pragma("foreign_keys = ON");
    // A rollback journal in memory while seeding: a transaction of 10 million rows spills out of the
    // page cache, and in WAL mode every spill (and every page written again after it) is appended to
    // the WAL, which grew past 17 GB and slowed every read. A rollback journal keeps only the pages
    // the file had before (a few: it was just migrated). Back to WAL for the app below.
    // (journal_mode = OFF is refused: better-sqlite3 opens files in SQLite's defensive mode.)
    const journal: unknown = db.pragma("journal_mode = MEMORY", { simple: true });
    if (journal !== "memory") throw new Error(`SQLite kept journal_mode=${String(journal)} for the seed`);
    db.pragma("synchronous = OFF");
    // Room for the whole file in the page cache: random ids spread inserts over every index page.
    db.pragma("cache_size = -524288");
    const writeTranscript = transcriptInserts(db);
    const insert = {
      upload: db.prepare(INSERT_UPLOAD),
      finishUpload: db.prepare(FINISH_UPLOAD),
      criterion: db.prepare(INSERT_CRITERION),
      run: db.prepare(INSERT_RUN),
      runCriterion: db.prepare(INSERT_RUN_CRITERION),
      evaluation: db.prepare(INSERT_EVALUATION),
      comparison: db.prepare(INSERT_COMPARISON),
      runCounts: db.prepare(RUN_COUNTS),
      runBounds: db.prepare(RUN_BOUNDS),
    };

    const phases: Record<string, number> = {};
    let clock = performance.now();
    const phase = (name: string) => {
      const at = performance.now();
      phases[name] = at - clock;
      clock = at;
    };
    const summary = db.transaction((): SeedSummary => {
      // ---- upload, transcripts, tool calls ----
      const uploadId = newId();
      insert.upload.run(uploadId, "api", JSON.stringify([FILE_NAME]), "importing", 0, 0, 0, 0, JSON.stringify(emptyStoredReport()), sqliteDateTime(new Date(importedAt)));
      const calls: SeededCall[] = [];
      const imported: FileReport["imported"] = [];
      let messages = 0;
      let warnings = 0;
      let transcripts = 0;
      for (const line of fileLines(jsonl)) {
        if (line.trim() === "") continue;
        const i = transcripts++;
        const outcome = importItem(JSON.parse(line), { file: FILE_NAME, line: i + 1 });
        if (!outcome.ok) throw new Error(`generated transcript on line ${i + 1} was rejected: ${outcome.error.message}`);
        const id = newId();
        const createdAt = sqliteDateTime(new Date(importedAt + Math.floor(i / IMPORT_BATCH) * 250));
        const callIds = writeTranscript(
          {
            id,
            uploadId,
            createdAt,
            item: preparedTranscript(outcome, FILE_NAME, `line ${i + 1}`),
          },
          newId,
        );
        messages += outcome.transcript.messages.length;
        warnings += outcome.warnings.length;
        imported.push({ id, name: outcome.name, line: i + 1, warnings: outcome.warnings.length });
        const seenTools = new Set<string>();
        outcome.sites.forEach((site, s) => {
          const parsed = site.arguments.ok && site.arguments.value !== null ? site.arguments.value : null;
          const argumentsError = site.arguments.ok ? null : site.arguments.error;
          const profile = profileCall(rng, {
            toolName: site.toolName,
            rawArguments: site.rawArguments,
            parsedArguments: parsed,
            argumentsError,
            response: site.response,
            repeatedTool: seenTools.has(site.toolName),
          });
          seenTools.add(site.toolName);
          calls.push({ id: callIds[s], callId: site.callId, toolName: site.toolName, responseIndex: site.responseIndex, transcriptId: id, transcriptCreatedAt: createdAt, ordinal: site.ordinal, profile });
        });
      }
      const fileReport: FileReport = { uploadId, file: FILE_NAME, bytes: generated.bytes, imported, duplicates: [], rejected: [], criteria: [], warnings };
      // As importFile does: the upload first, its counts and report once the file is read.
      insert.finishUpload.run(imported.length, warnings, JSON.stringify(mergeFileReport(emptyStoredReport(), fileReport)), uploadId);

      phase("transcripts");
      // ---- criteria, run ----
      const criterionIds = BENCH_CRITERIA.map((c) => {
        const id = newId();
        const at = sqliteDateTime(new Date(importedAt - 24 * 60 * 60 * 1000));
        insert.criterion.run(id, c.text, c.kind, c.scale, c.condition, null, "user", 0, at, at);
        return id;
      });

      // Calls in the order createRun reads them (transcriptId, ordinal); a fixed share judged in both modes.
      const ordered = [...calls].sort((a, b) => (a.transcriptId < b.transcriptId ? -1 : a.transcriptId > b.transcriptId ? 1 : a.ordinal - b.ordinal));
      const bothCount = Math.round(ordered.length * options.bothShare);
      const both = new Set(rng.sample(ordered, bothCount).map((call) => call.id));
      const criterionIndex = new Map(criterionIds.map((id, i) => [id, i]));
      const planOf = (call: SeededCall) => planEvaluations([call], criterionIds, both.has(call.id) ? "both" : "auto");
      // Rows are made, written and compared one call at a time: 10 million rows held at once
      // (with their explanations and findings) did not fit in a 16 GB heap.
      let rowCount = 0;
      for (const call of ordered) rowCount += planOf(call).length;

      const runId = newId();
      const runName = `bench:results · checks · both · ${(calls.length * criterionIds.length).toLocaleString("en-US")} evaluations`;
      // Its counters are set once the rows are written (below).
      insert.run.run(
        runId,
        runName,
        "checks",
        JSON.stringify({ kind: "checks" }),
        "both",
        "done",
        JSON.stringify({ kind: "upload", uploadId }),
        rowCount,
        0,
        0,
        0,
        null,
        sqliteDateTime(runCreated),
        sqliteDateTime(runStarted),
        sqliteDateTime(runFinished),
      );
      criterionIds.forEach((id, position) => insert.runCriterion.run(runId, id, position));

      phase("plan");
      // ---- evaluations, and comparisons: every call × criterion with both modes, as writeComparisons stores them ----
      const span = runFinished.getTime() - runStarted.getTime();
      const filterIndex = BENCH_CRITERIA.findIndex((c) => c.scale === "binary");
      const sortIndex = BENCH_CRITERIA.findIndex((c) => c.scale === "continuous");
      const rowsByStatus = { done: 0, notApplicable: 0, error: 0 };
      const rowsByMode = { immediate: 0, hindsight: 0 };
      let cached = 0;
      let comparisons = 0;
      let flippedComparisons = 0;
      const changed = new Set<string>();
      const failing = new Set<string>();
      const updatedAt = sqliteDateTime(runFinished);
      let i = 0;
      for (const call of ordered) {
        const rows = planOf(call).map((p) => {
          const index = criterionIndex.get(p.criterionId);
          if (index === undefined) throw new Error("planned row for an unknown criterion");
          return evaluationRow(rng, newId, p, call, index);
        });
        for (const row of rows) {
          const finished = new Date(runStarted.getTime() + Math.floor((span * (i + 1)) / rowCount));
          i++;
          const judged = !row.planned;
          const latencyMs = judged ? (row.cached ? 0 : rng.int(1, 40)) : null;
          insert.evaluation.run(
            row.id,
            runId,
            row.toolCallId,
            criterionIds[row.criterionIndex],
            row.mode,
            row.status,
            row.score,
            bool(row.passed),
            row.explanation,
            json(row.findings),
            judged ? "checks" : null,
            latencyMs,
            null, // the checks judge reports no usage
            null,
            judged ? `checks:${row.criterionIndex}:${row.mode}:${row.toolCallId.slice(0, 8)}` : null,
            bool(row.cached),
            judged ? (row.cached ? 0 : row.status === "error" ? 3 : 1) : 0,
            row.error,
            row.errorKind,
            json(row.measuredBy),
            judged ? WORKER_ID : null,
            judged ? sqliteDateTime(new Date(finished.getTime() - (latencyMs ?? 0) - 5)) : null,
            sqliteDateTime(judged ? finished : runCreated),
          );
          if (row.status === "done") rowsByStatus.done++;
          else if (row.status === "not-applicable") rowsByStatus.notApplicable++;
          else rowsByStatus.error++;
          rowsByMode[row.mode]++;
          if (row.cached && row.status === "done") cached++;
          if (row.criterionIndex === filterIndex && row.status === "done" && (row.passed === false || (row.passed === null && row.score !== null && row.score < 0.5))) failing.add(row.toolCallId);
        }
        const pairs = new Map<number, { immediate?: EvaluationRow; hindsight?: EvaluationRow }>();
        for (const row of rows) {
          const pair = pairs.get(row.criterionIndex) ?? {};
          pair[row.mode] = row;
          pairs.set(row.criterionIndex, pair);
        }
        for (const pair of pairs.values()) {
          if (!pair.immediate || !pair.hindsight) continue;
          const scale = BENCH_CRITERIA[pair.immediate.criterionIndex].scale;
          const side = (row: EvaluationRow) => modeResultFromRow({ ...row, findings: row.findings });
          const immediate = side(pair.immediate);
          const hindsight = side(pair.hindsight);
          const comparison = compareModes(immediate, hindsight, scale);
          const stored = storedComparison(comparison);
          insert.comparison.run(
            newId(),
            runId,
            pair.immediate.toolCallId,
            criterionIds[pair.immediate.criterionIndex],
            comparison.kind,
            bool(stored.flipped),
            stored.delta,
            storedVerdict(immediate, scale),
            storedVerdict(hindsight, scale),
            updatedAt,
          );
          comparisons++;
          if (stored.flipped) {
            flippedComparisons++;
            changed.add(pair.immediate.toolCallId);
          }
        }
      }
      insert.runCounts.run(rowsByStatus.done + rowsByStatus.notApplicable, rowsByStatus.error, cached, runId);
      insert.runBounds.run({ runId });

      phase("evaluations and comparisons");
      // ---- what the measured views should show ----
      // The run page's default order: transcript createdAt, transcript id, ordinal.
      const listed = [...calls].sort((a, b) =>
        a.transcriptCreatedAt !== b.transcriptCreatedAt
          ? a.transcriptCreatedAt < b.transcriptCreatedAt
            ? -1
            : 1
          : a.transcriptId !== b.transcriptId
            ? a.transcriptId < b.transcriptId
              ? -1
              : 1
            : a.ordinal - b.ordinal,
      );
      const middleIndex = Math.floor(listed.length / 2);
      const middle = listed[middleIndex];

      return {
        databaseFile,
        runId,
        runName,
        criteria: BENCH_CRITERIA.map((c, i) => ({ id: criterionIds[i], text: c.text, scale: c.scale })),
        transcripts,
        toolCalls: calls.length,
        messages,
        callsWithoutResponse: calls.filter((c) => c.responseIndex === null).length,
        pairs: calls.length * criterionIds.length,
        bothCalls: both.size,
        bothPairs: both.size * criterionIds.length,
        evaluationRows: rowCount,
        rowsByMode,
        rowsByStatus,
        cached,
        comparisons,
        flippedComparisons,
        expected: { allCalls: calls.length, changedCalls: changed.size, failCalls: failing.size },
        sortCriterionId: criterionIds[sortIndex],
        filterCriterionId: criterionIds[filterIndex],
        middleCall: { id: middle.id, index: middleIndex, toolName: middle.toolName, ordinal: middle.ordinal },
        databaseBytes: 0,
        milliseconds: 0,
      };
    })();

    phase("commit");
    log(`  phases: ${Object.entries(phases).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(", ")}`);
    // No ANALYZE: the app never runs it, so the planner must work without statistics here too.
    db.pragma("journal_mode = WAL");
    fs.rmSync(jsonl, { force: true });
    return { ...summary, databaseBytes: fs.statSync(databaseFile).size, milliseconds: performance.now() - started };
  } finally {
    db.close();
  }
}
