import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WORKER_NODE_FLAGS } from "./supervised";

const scripts = (JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the worker's V8 flags", () => {
  // `npm run worker` starts a worker without the supervisor, and bench:judge measures the judge as the worker runs it.
  it.each(["worker", "bench:judge"])("are passed by npm run %s", (name) => {
    const words = scripts[name].split(/\s+/);
    expect(words[0]).toBe("node");
    for (const flag of WORKER_NODE_FLAGS) expect(words).toContain(flag);
  });
});
