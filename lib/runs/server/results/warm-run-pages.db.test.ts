import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { judgedDemo, type JudgedDemo } from "./test-fixtures";
import { warmUpRunPages } from "./warm-run-pages";

let demo: JudgedDemo;
beforeAll(async () => {
  demo = await judgedDemo("warm-run-pages");
});
afterAll(() => demo?.cleanup());

describe("warming up the run pages before the server answers", () => {
  it("reads the newest runs' pages, newest first", async () => {
    const lines: string[] = [];
    const newest = await demo.prisma.run.findMany({ orderBy: { createdAt: "desc" }, select: { id: true } });
    expect(await warmUpRunPages(demo.prisma, { newest: 2, log: (line) => lines.push(line) })).toEqual(newest.slice(0, 2).map((run) => run.id));
    expect(await warmUpRunPages(demo.prisma, { newest: 1, log: (line) => lines.push(line) })).toEqual([newest[0].id]);
    expect(lines).toEqual([]);
  });

  it("starts no run past its budget", async () => {
    expect(await warmUpRunPages(demo.prisma, { budgetMs: -1 })).toEqual([]);
  });

  it("logs a failure and lets start-up go on", async () => {
    const lines: string[] = [];
    const broken = { run: { findMany: () => Promise.reject(new Error("no such table: Run")) } } as unknown as PrismaClient;
    expect(await warmUpRunPages(broken, { log: (line) => lines.push(line) })).toEqual([]);
    expect(lines).toEqual(["callboard: warming up the run pages failed (no such table: Run); they warm on first use"]);
  });
});
