import { spawn } from "node:child_process";
import path from "node:path";
import { runCli } from "../run-cli";

/** The project root: where `npx callboard` finds prisma/ and the launcher. */
export const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
const LAUNCHER = path.join(ROOT, "bin", "callboard.mjs");

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
}

/** A command line run in this process, as scripts/callboard.ts runs it: each start costs the CLI's load, not a new Node and tsx. */
export async function callboard(args: string[], options: RunOptions): Promise<Ran> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { ...process.env, ...options.env },
    cwd: options.cwd,
    projectRoot: ROOT,
  });
  return { code, stdout, stderr };
}

/** The real command, as `npx callboard` runs it: the launcher, tsx and a fresh process. */
export function spawnedCallboard(args: string[], options: RunOptions): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LAUNCHER, ...args], { cwd: options.cwd, env: { ...process.env, ...options.env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
