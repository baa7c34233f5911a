import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const linux = fs.existsSync("/proc/self/task");

describe("lowering the worker's priority", () => {
  // In a child process: a priority cannot be raised again without privileges.
  it.runIf(linux)("lowers every thread of the process, not only the one that asks", () => {
    const script = `
      import { lowerProcessPriority } from "./lib/runs/server/worker/priority.ts";
      import fs from "node:fs";
      const lowered = lowerProcessPriority(7);
      const nice = fs.readdirSync("/proc/self/task").map((tid) => Number(fs.readFileSync("/proc/self/task/" + tid + "/stat", "utf8").split(") ")[1].split(" ")[16]));
      console.log(JSON.stringify({ lowered, nice }));`;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8" });
    expect(child.stderr).toBe("");
    const { lowered, nice } = JSON.parse(child.stdout) as { lowered: number; nice: number[] };
    // Node starts helper threads (V8 platform, libuv) before any code of ours runs.
    expect(nice.length).toBeGreaterThan(1);
    expect(lowered).toBe(nice.length);
    expect(nice.every((value) => value === 7)).toBe(true);
  });
});
