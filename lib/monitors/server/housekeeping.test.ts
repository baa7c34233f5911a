import { describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { monitorHousekeeping } from "./housekeeping";

describe("monitorHousekeeping", () => {
  it("reports a failing task and goes on, instead of failing the worker's turn", async () => {
    const failure = new Error("database unavailable");
    const failing = () => Promise.reject(failure);
    // Every query the tasks make fails.
    const prisma = new Proxy({}, { get: () => new Proxy({}, { get: () => failing }) }) as unknown as PrismaClient;
    const reported: unknown[] = [];
    await expect(monitorHousekeeping(prisma, (error) => reported.push(error), 1_000_000)).resolves.toBeUndefined();
    // Live checks, hour sums, alerts and review feeds: each reported on its own.
    expect(reported.filter((error) => error === failure).length).toBeGreaterThanOrEqual(4);
  });
});
