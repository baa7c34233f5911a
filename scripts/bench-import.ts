/**
 * `npm run bench:import`: how fast, and in how much memory, a large JSON Lines file is imported
 * through the code path of POST /api/transcripts, against a bare baseline in the same run.
 *
 *   npm run bench:import -- [--transcripts 10000] [--calls 50000] [--seed 1] [--json]
 *                           [--database sqlite|postgresql (sqlite)] [--database-url postgresql://…]
 *
 * 1. Writes a deterministic JSONL file of OpenAI chat transcripts (scripts/bench/generate-transcripts.ts).
 * 2. Baseline, in its own process: readline + JSON.parse + better-sqlite3 prepared inserts in
 *    one transaction (scripts/bench/baseline-child.ts).
 * 3. Callboard, in its own process: importFile over a file read stream, exactly as the API
 *    does (scripts/bench/import-child.ts).
 * 4. OTLP, in its own process: the same number of agent traces and tool spans as protobuf export
 *    requests of 512 spans (scripts/bench/generate-otlp.ts), through the code path of POST /v1/traces,
 *    then assembled into transcripts as the worker does (scripts/bench/otlp-child.ts).
 * Each child starts on a fresh, migrated database, and reports the wall time of the import and
 * the peak RSS of its process; each checks that every transcript and tool call was stored.
 * With --database postgresql, Callboard's two imports run on databases of a throwaway cluster
 * (or of the server --database-url names; scripts/bench/database.ts); the baseline is
 * better-sqlite3 on a SQLite file either way, the same yardstick for both dialects.
 * Targets: JSON Lines under 15 s, OTLP (ingest + assembly) under 20 s, each under 1 GB (1024 MB) of
 * peak memory. Exits 1 when one is missed.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DATABASE_USAGE, openBenchDatabases, takeDatabaseOption, type BenchDatabases, type DatabaseOption } from "./bench/database";
import { generateOtlp, type OtlpGenerateStats } from "./bench/generate-otlp";
import { generateTranscripts, type GenerateStats } from "./bench/generate-transcripts";
import type { ChildResult } from "./bench/measure";

const TARGET_SECONDS = 15;
const OTLP_TARGET_SECONDS = 20;
const TARGET_PEAK_MB = 1024;
const MB = 1024 * 1024;

interface Options {
  transcripts: number;
  calls: number;
  seed: number;
  json: boolean;
  database: DatabaseOption;
}

function usage(code: number): never {
  console.log(`usage: npm run bench:import -- [--transcripts N (10000)] [--calls N (50000)] [--seed N (1)] [--json] ${DATABASE_USAGE}`);
  process.exit(code);
}

function fail(message: string): never {
  console.error(`bench-import: ${message}`);
  usage(2);
}

function positiveInteger(value: string | undefined, option: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`${option} needs a positive integer, got ${JSON.stringify(value ?? "")}`);
  return n;
}

function parseOptions(all: string[]): Options {
  let taken: ReturnType<typeof takeDatabaseOption>;
  try {
    taken = takeDatabaseOption(all);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const argv = taken.rest;
  const options: Options = { transcripts: 10_000, calls: 50_000, seed: 1, json: false, database: taken.option };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--transcripts") options.transcripts = positiveInteger(argv[++i], arg);
    else if (arg === "--calls") options.calls = positiveInteger(argv[++i], arg);
    else if (arg === "--seed") options.seed = positiveInteger(argv[++i], arg);
    else if (arg === "--json") options.json = true;
    else if (arg === "--help" || arg === "-h") usage(0);
    else if (arg !== "--") fail(`unknown option ${arg}`);
  }
  if (options.calls < options.transcripts || options.calls > options.transcripts * 9) {
    fail(`--calls must be between --transcripts and 9 × --transcripts (1–9 calls each); got ${options.calls} for ${options.transcripts}`);
  }
  return options;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs one child on its own fresh database (of `databases`) and returns what it measured. */
async function measure(script: string, label: string, file: string, databases: BenchDatabases, options: Options, log: (line: string) => void): Promise<ChildResult> {
  const database = await databases.fresh(label);
  const databaseUrl = database.url;
  log(`  ${label}: running on ${databases.description}…`);
  const tsx = path.join(ROOT, "node_modules", ".bin", "tsx");
  const child = spawn(tsx, [path.join(ROOT, "scripts", "bench", script), file, databaseUrl, String(options.transcripts), String(options.calls)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  await database.drop();
  if (code !== 0) throw new Error(`${label} child exited with ${code}:\n${stderr.trim() || stdout.trim()}`);
  const last = stdout.trim().split("\n").at(-1) ?? "";
  try {
    return JSON.parse(last) as ChildResult;
  } catch {
    throw new Error(`${label} child printed no result:\n${stdout}\n${stderr}`);
  }
}

interface Figures {
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  rssBeforeMb: number;
  peakHeapMb: number;
  transcriptsPerSecond: number;
  callsPerSecond: number;
  transcripts: number;
  toolCalls: number;
  details: Record<string, number>;
}

function figures(result: ChildResult): Figures {
  const seconds = result.milliseconds / 1000;
  return {
    seconds,
    cpuSeconds: result.cpuMilliseconds / 1000,
    peakRssMb: Math.max(result.maxRssKb * 1024, result.sampledPeakRssBytes) / MB,
    rssBeforeMb: result.rssBeforeBytes / MB,
    peakHeapMb: result.sampledPeakHeapBytes / MB,
    transcriptsPerSecond: result.transcripts / seconds,
    callsPerSecond: result.toolCalls / seconds,
    transcripts: result.transcripts,
    toolCalls: result.toolCalls,
    details: result.details,
  };
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const fixed = (n: number, digits: number) => n.toFixed(digits);

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

function table(file: GenerateStats, baseline: Figures, callboard: Figures, otlpFile: OtlpGenerateStats, otlp: Figures, database: string): string {
  const rows: string[][] = [
    ["", "seconds", "peak RSS MB", "transcripts/s", "calls/s", "CPU s", "RSS before MB", "peak heap MB"],
    ...(
      [
        ["baseline", baseline],
        ["Callboard", callboard],
        ["Callboard OTLP", otlp],
      ] as const
    ).map(([label, f]) => [
      label,
      fixed(f.seconds, 2),
      fixed(f.peakRssMb, 1),
      int(f.transcriptsPerSecond),
      int(f.callsPerSecond),
      fixed(f.cpuSeconds, 2),
      fixed(f.rssBeforeMb, 1),
      fixed(f.peakHeapMb, 1),
    ]),
    [
      "Callboard/baseline",
      `${fixed(callboard.seconds / baseline.seconds, 2)}x`,
      `${fixed(callboard.peakRssMb / baseline.peakRssMb, 2)}x`,
      "",
      "",
      `${fixed(callboard.cpuSeconds / baseline.cpuSeconds, 2)}x`,
      "",
      "",
    ],
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("   "));
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("   "));
  const timePass = callboard.seconds < TARGET_SECONDS;
  const memoryPass = callboard.peakRssMb < TARGET_PEAK_MB;
  const d = callboard.details;
  const o = otlp.details;
  const otlpPass = otlp.seconds < OTLP_TARGET_SECONDS && otlp.peakRssMb < TARGET_PEAK_MB;
  return [
    "",
    `File: ${int(file.transcripts)} transcripts, ${int(file.toolCalls)} tool calls, ${int(file.messages)} messages, ${fixed(file.bytes / MB, 1)} MB`,
    `Database: Callboard and Callboard OTLP on ${database}; baseline on SQLite`,
    ...lines,
    "",
    `Callboard report: ${int(d.imported ?? 0)} imported, ${int(d.duplicates ?? 0)} duplicates, ${int(d.rejected ?? 0)} rejected, ${int(d.warnings ?? 0)} warnings; ` +
      `stored ${int(callboard.transcripts)} transcripts / ${int(callboard.toolCalls)} tool calls (baseline: ${int(baseline.transcripts)} / ${int(baseline.toolCalls)})`,
    `Target time   < ${TARGET_SECONDS} s:      ${fixed(callboard.seconds, 2)} s  ${timePass ? "PASS" : "FAIL"}`,
    `Target memory < ${TARGET_PEAK_MB} MB: ${fixed(callboard.peakRssMb, 1)} MB  ${memoryPass ? "PASS" : "FAIL"}`,
    "",
    `OTLP: ${int(otlpFile.traces)} traces, ${int(otlpFile.toolSpans)} tool spans, ${int(otlpFile.spans)} spans in ${int(otlpFile.requests)} protobuf requests, ${fixed(otlpFile.bytes / MB, 1)} MB`,
    `  ingest (POST /v1/traces path) ${fixed(o.ingestSeconds ?? 0, 2)} s + assembly (${int(o.assemblyPasses ?? 0)} worker passes) ${fixed(o.assembleSeconds ?? 0, 2)} s; ` +
      `stored ${int(o.spans ?? 0)} spans, ${int(otlp.transcripts)} transcripts / ${int(otlp.toolCalls)} tool calls, every call with its response`,
    `Target OTLP < ${OTLP_TARGET_SECONDS} s and < ${TARGET_PEAK_MB} MB: ${fixed(otlp.seconds, 2)} s, ${fixed(otlp.peakRssMb, 1)} MB  ${otlpPass ? "PASS" : "FAIL"}`,
    "(seconds: wall time of the import alone, on a migrated database with a connected client; CPU s: user + system time of the child",
    " during the import, less sensitive to other load; peak RSS: the whole child process, maxRSS; ratios: Callboard / baseline)",
    `Load average at the end: ${loadAverage()} (${os.cpus().length} CPUs)`,
  ].join("\n");
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const log = options.json ? () => {} : (line: string) => console.log(line);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-bench-import-"));
  const sqlite = await openBenchDatabases({ dialect: "sqlite", serverUrl: null }, dir);
  const databases = options.database.dialect === "sqlite" ? sqlite : await openBenchDatabases(options.database, dir);
  // A throwaway cluster also goes at exit (database.ts); this removes the files.
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  const interrupted = () => {
    cleanup();
    process.exit(130);
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    const file = path.join(dir, "bench-transcripts.jsonl");
    log(`Generating ${int(options.transcripts)} transcripts with ${int(options.calls)} tool calls (seed ${options.seed})…`);
    const generated = generateTranscripts(file, options);
    log(
      `  ${file}: ${int(generated.bytes)} bytes (${fixed(generated.bytes / MB, 1)} MB) in ${fixed(generated.milliseconds / 1000, 1)} s; ` +
        `${int(generated.parallelGroups)} parallel groups, ${int(generated.missingResponses)} calls without a response, ${int(generated.invalidArguments)} with invalid JSON arguments`,
    );
    const loadBefore = loadAverage();
    log(`Machine: ${os.cpus().length} CPUs, ${fixed(os.totalmem() / MB / 1024, 1)} GB RAM, Node ${process.version}, load average ${loadBefore}`);
    const baseline = figures(await measure("baseline-child.ts", "baseline", file, sqlite, options, log));
    const callboard = figures(await measure("import-child.ts", "callboard", file, databases, options, log));
    const otlpPath = path.join(dir, "bench-traces.otlp");
    log(`Generating ${int(options.transcripts)} OTLP traces with ${int(options.calls)} tool spans…`);
    const otlpFile = generateOtlp(otlpPath, options);
    log(`  ${otlpPath}: ${int(otlpFile.spans)} spans in ${int(otlpFile.requests)} requests, ${fixed(otlpFile.bytes / MB, 1)} MB in ${fixed(otlpFile.milliseconds / 1000, 1)} s`);
    const otlp = figures(await measure("otlp-child.ts", "otlp", otlpPath, databases, options, log));
    const timePass = callboard.seconds < TARGET_SECONDS;
    const memoryPass = callboard.peakRssMb < TARGET_PEAK_MB;
    const otlpPass = otlp.seconds < OTLP_TARGET_SECONDS && otlp.peakRssMb < TARGET_PEAK_MB;
    if (options.json) {
      console.log(
        JSON.stringify({
          database: { dialect: databases.dialect, description: databases.description },
          file: { bytes: generated.bytes, transcripts: generated.transcripts, toolCalls: generated.toolCalls, messages: generated.messages, seed: options.seed },
          baseline,
          callboard,
          otlp: { ...otlp, requests: otlpFile.requests, spans: otlpFile.spans, bytes: otlpFile.bytes },
          ratio: { time: callboard.seconds / baseline.seconds, cpu: callboard.cpuSeconds / baseline.cpuSeconds, memory: callboard.peakRssMb / baseline.peakRssMb },
          machine: { cpus: os.cpus().length, node: process.version, loadAverageBefore: loadBefore, loadAverageAfter: loadAverage() },
          targets: { seconds: TARGET_SECONDS, otlpSeconds: OTLP_TARGET_SECONDS, peakRssMb: TARGET_PEAK_MB, timePass, memoryPass, otlpPass, pass: timePass && memoryPass && otlpPass },
        }),
      );
    } else {
      console.log(table(generated, baseline, callboard, otlpFile, otlp, databases.description));
    }
    if (!timePass || !memoryPass || !otlpPass) process.exitCode = 1;
  } finally {
    await databases.close();
    cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(`bench-import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
