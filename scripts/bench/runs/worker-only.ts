/**
 * The worker alone, for profiling its hot path: no web server, no probes, no kills, no build.
 * A database of N bench transcripts (seeded once, then copied from a template under the system's
 * temporary directory), a both-mode run with the checks judge, then the worker process(es) exactly
 * as `npm start` spawns them, timed until the run is done; the worker's CPU time (all its threads)
 * is read from /proc, which says more than wall time on a shared machine.
 *
 *   npx tsx scripts/bench/runs/worker-only.ts [transcripts (200)] [--prof <dir>] [--workers <n>] [--database postgresql | --database-url postgresql://…]
 *
 * --prof writes the worker's V8 CPU profile (node --cpu-prof) to <dir>. KEEP=1 keeps the database.
 * On PostgreSQL (scripts/bench/database.ts) the data is seeded afresh each time (no template),
 * and the server's own CPU time is not counted (it is another process tree).
 * The environment reaches the worker (CALLBOARD_WORKER_THREADS, CALLBOARD_WORKER_BATCH, ...).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Prisma } from "@/lib/generated/prisma/client";
import { createPrisma } from "@/lib/platform/db/client";
import { createRun } from "@/lib/runs/server/create-run";
import { workerSpec } from "../../supervised";
import { seededDatabase } from "./seeded-database";

const ROOT = path.resolve(import.meta.dirname, "../../..");

async function main() {
  const transcripts = Number(process.argv[2] ?? 200);
  const profIndex = process.argv.indexOf("--prof");
  const prof = profIndex > 0 ? process.argv[profIndex + 1] : null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cb-worker-only-"));
  const database = await seededDatabase(transcripts, dir, process.argv.slice(3));
  const prisma = createPrisma(database.url);
  const criteria = await prisma.criterion.findMany({ select: { id: true } });
  const started = performance.now();
  const run = await createRun(prisma, { name: "w", selection: { kind: "all" }, criterionIds: criteria.map((c) => c.id), judge: { kind: "checks" }, mode: "both" });
  const createMs = performance.now() - started;
  const t0 = performance.now();
  const args = [...(prof ? ["--cpu-prof", "--cpu-prof-dir", prof] : []), ...workerSpec().args];
  const out = fs.openSync(path.join(dir, "worker.log"), "a");
  const wIndex = process.argv.indexOf("--workers");
  const count = wIndex > 0 ? Number(process.argv[wIndex + 1]) : 1;
  const children = Array.from({ length: count }, () => spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", out, out], env: { ...process.env, DATABASE_URL: database.url, CALLBOARD_WORKER_POLL_MS: "100", CALLBOARD_DEMO: "0" } }));
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const state = await prisma.run.findUniqueOrThrow({ where: { id: run.runId }, select: { status: true } });
    if (state.status === "done") break;
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = children.reduce((sum, c) => {
    const stat = fs.readFileSync(`/proc/${c.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return sum + (Number(stat[11]) + Number(stat[12])) / 100;
  }, 0);
  await Promise.all(children.map((c) => { const exited = new Promise((resolve) => c.once("exit", resolve)); c.kill("SIGTERM"); return exited; }));
  const [{ rows, open }] = await prisma.$queryRaw<{ rows: bigint; open: bigint }[]>(
    Prisma.sql`SELECT COUNT(*) AS "rows", SUM(CASE WHEN "status" IN ('pending','running') THEN 1 ELSE 0 END) AS "open" FROM "Evaluation" WHERE "runId" = ${run.runId}`,
  );
  const comparisons = await prisma.callComparison.count();
  console.log(`${run.total} evals (created in ${createMs.toFixed(0)} ms), worker ${seconds.toFixed(2)} s incl. start => ${(run.total / seconds).toFixed(0)}/s; worker CPU ${cpu.toFixed(2)} s => ${(run.total / cpu).toFixed(0)}/CPU-s; rows ${rows} open ${open} comparisons ${comparisons}`);
  console.log(fs.readFileSync(path.join(dir, "worker.log"), "utf8").trim());
  await prisma.$disconnect();
  if (process.env.KEEP && database.file) console.log(`kept ${database.file}`);
  else fs.rmSync(dir, { recursive: true, force: true });
  await database.close();
}

void main();
