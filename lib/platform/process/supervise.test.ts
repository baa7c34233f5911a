import { describe, expect, it } from "vitest";
import { nextDelay, supervise } from "./supervise";

const node = process.execPath;
const idle = ["-e", "setInterval(() => {}, 1000)"];
const backoff = { initialMs: 50, maxMs: 200, resetAfterMs: 10_000 };

describe("nextDelay", () => {
  it("doubles after quick failures up to the cap, and starts over after a long run", () => {
    expect(nextDelay(null, 0, backoff)).toBe(50);
    expect(nextDelay(50, 10, backoff)).toBe(100);
    expect(nextDelay(150, 10, backoff)).toBe(200);
    expect(nextDelay(200, 20_000, backoff)).toBe(50);
  });
});

describe("supervise", () => {
  it("restarts a worker killed with SIGKILL, and stop() ends every child", async () => {
    const starts: number[] = [];
    const group = supervise(
      [
        { name: "web", command: node, args: idle, restart: false },
        { name: "worker", command: node, args: idle, restart: true },
      ],
      {
        backoff,
        log: () => {},
        onStart: (name, child) => {
          if (name !== "worker") return;
          starts.push(child.pid ?? 0);
          // The first two workers die as `kill -9` would leave them.
          if (starts.length <= 2) setTimeout(() => child.kill("SIGKILL"), 100);
        },
      },
    );
    await expect.poll(() => starts.length, { timeout: 5_000 }).toBe(3);
    expect(new Set(starts).size).toBe(3);
    expect(await group.stop()).toBe(0);
    for (const pid of starts) expect(() => process.kill(pid, 0)).toThrow();
  });

  it("ends the group with the web server's exit code, stopping the worker", async () => {
    let workerPid = 0;
    const group = supervise(
      [
        { name: "web", command: node, args: ["-e", "setTimeout(() => process.exit(3), 200)"], restart: false },
        { name: "worker", command: node, args: idle, restart: true },
      ],
      { backoff, log: () => {}, onStart: (name, child) => name === "worker" && (workerPid = child.pid ?? 0) },
    );
    expect(await group.done).toBe(3);
    expect(() => process.kill(workerPid, 0)).toThrow();
  });
});
