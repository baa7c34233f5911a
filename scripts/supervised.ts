/** The process groups of `npm start` and `npm run dev`: the web server plus, unless CALLBOARD_WORKER=0, one worker. */
import { env } from "@/lib/env";
import { supervise, type ChildSpec } from "@/lib/process/supervise";

// `node --import tsx` runs the worker in the process we spawn (the tsx CLI would put a parent in
// between, and a worker whose parent was killed would live on unsupervised).
export function workerSpec(): ChildSpec {
  return { name: "worker", command: process.execPath, args: ["--import", "tsx", "scripts/worker.ts"], restart: true, env: process.env };
}

/** Runs `web` (and a worker) until one of them ends the group or a signal arrives, then exits with the group's code. */
export function runSupervised(web: Omit<ChildSpec, "name" | "restart">): void {
  const specs: ChildSpec[] = [{ name: "web server", restart: false, ...web }];
  if (env().CALLBOARD_WORKER === "1") specs.push(workerSpec());
  else console.log("callboard: CALLBOARD_WORKER=0, so no worker here: start them with `npm run worker`");
  const group = supervise(specs);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void group.stop(signal));
  void group.done.then((code) => process.exit(code));
}

export const nextBin = "node_modules/.bin/next";
