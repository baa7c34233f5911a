import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AccountsTestContext } from "@/lib/accounts/server/test-fixtures/accounts";

/*
 * The monitors API as a script meets it, on a real test database: a monitor made, read, changed
 * and deleted with a token, and each bad request answered with a message and its JSON path,
 * leaving what is stored as it was.
 */

const state = vi.hoisted(() => ({ ctx: undefined as AccountsTestContext | undefined }));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("@/lib/platform/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/platform/db/client")>()),
  getPrisma: () => state.ctx?.prisma,
}));
vi.mock("@/lib/accounts/server/auth", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/accounts/server/auth")>()), getAuth: () => state.ctx?.auth }));

const collection = await import("@/app/api/monitors/route");
const single = await import("@/app/api/monitors/[id]/route");
const backfill = await import("@/app/api/monitors/[id]/backfill/route");
const trends = await import("@/app/api/monitors/[id]/trends/route");
const { createApiToken } = await import("@/lib/accounts/server/manage-api-tokens");
const { createAccountsTestContext } = await import("@/lib/accounts/server/test-fixtures/accounts");

let ctx: AccountsTestContext;
let token: string;
let viewerToken: string;
beforeAll(async () => {
  ctx = await createAccountsTestContext("monitor-routes");
  state.ctx = ctx;
  token = (await createApiToken(ctx.prisma, await ctx.member("reviewer"), { name: "script" })).token;
  viewerToken = (await createApiToken(ctx.prisma, await ctx.member("viewer"), { name: "ci" })).token;
});
afterAll(() => ctx.cleanup());

const request = (method: string, path: string, body?: unknown, auth = token) =>
  new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${auth}`, "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const params = (id: string) => ({ params: Promise.resolve({ id }) });

const EXAMPLE = {
  name: "weather agent in production",
  criteria: ["Tool call fails if the tool returned an error"],
  judge: "checks",
  mode: "auto",
  sample: 1,
  filter: { source: "traces", service: "weather-agent" },
  alert: { criterion: "Tool call fails if the tool returned an error", below: 0.9, window: 10, webhook: "https://hooks.example/alert" },
};

async function problem(response: Response) {
  return { status: response.status, body: (await response.json()) as { error: string; issues: { path: string; message: string }[] } };
}

describe("the monitors API", () => {
  it("creates the issue's example, lists, reads, changes and deletes it", async () => {
    const created = await collection.POST(request("POST", "/api/monitors", EXAMPLE));
    expect(created.status).toBe(201);
    const monitor = await created.json();
    expect(monitor).toMatchObject({ name: EXAMPLE.name, judge: "checks", mode: "auto", sample: 1, filter: EXAMPLE.filter, paused: false });
    expect(monitor.id).toEqual(expect.any(String));
    expect(monitor.runId).toEqual(expect.any(String));
    expect(monitor.alert).toEqual([expect.objectContaining({ criterion: expect.objectContaining({ text: EXAMPLE.alert.criterion }), below: 0.9, window: 10, webhook: EXAMPLE.alert.webhook, state: "ok" })]);

    const listed = await (await collection.GET(request("GET", "/api/monitors", undefined, viewerToken))).json();
    expect(listed.monitors.map((entry: { id: string }) => entry.id)).toContain(monitor.id);

    const patched = await single.PATCH(request("PATCH", `/api/monitors/${monitor.id}`, { sample: 0.25, alert: [{ criterion: EXAMPLE.alert.criterion, below: 0.8, window: "1h", webhook: "http://127.0.0.1:9/hook" }] }), params(monitor.id));
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ sample: 0.25, alert: [{ below: 0.8, window: "1h" }] });

    const read = await single.GET(request("GET", `/api/monitors/${monitor.id}`), params(monitor.id));
    expect((await read.json()).sample).toBe(0.25);

    const trend = await trends.GET(request("GET", `/api/monitors/${monitor.id}/trends?by=day&split=model`), params(monitor.id));
    expect(await trend.json()).toMatchObject({ granularity: "day", split: "model", criteria: [expect.objectContaining({ measure: "pass rate", series: [] })], alerts: [] });

    expect((await backfill.POST(request("POST", `/api/monitors/${monitor.id}/backfill`, { from: "2026-01-01T00:00:00Z" }), params(monitor.id))).status).toBe(202);

    const unsure = await single.DELETE(request("DELETE", `/api/monitors/${monitor.id}`), params(monitor.id));
    expect(await problem(unsure)).toEqual({ status: 400, body: { error: "say whether to keep the monitor's run and its results: ?run=keep or ?run=delete", issues: [expect.objectContaining({ path: "run" })] } });
    expect(await ctx.prisma.monitor.count({ where: { id: monitor.id } })).toBe(1);
    expect((await single.DELETE(request("DELETE", `/api/monitors/${monitor.id}?run=delete`), params(monitor.id))).status).toBe(204);
    expect(await ctx.prisma.run.count({ where: { id: monitor.runId } })).toBe(0);
    expect((await single.GET(request("GET", `/api/monitors/${monitor.id}`), params(monitor.id))).status).toBe(404);
  });

  it("answers each bad request with what is wrong and where, and stores nothing", async () => {
    const before = await ctx.prisma.monitor.count();
    const cases: [unknown, number, string, string][] = [
      [{ ...EXAMPLE, criteria: ["crit-does-not-exist"] }, 422, "criteria[0]", 'criteria[0]: there is no criterion with id "crit-does-not-exist"'],
      [{ ...EXAMPLE, criteria: ["Make tool calls good"] }, 422, "criteria[0]", "criteria[0]: "],
      [{ ...EXAMPLE, judge: "gpt-judge" }, 400, "judge", 'judge: expected one of "checks", "openai", "anthropic", "composo"'],
      [{ ...EXAMPLE, judge: "openai" }, 422, "judge", "judge: the OpenAI-compatible judge is not configured on this server"],
      [{ ...EXAMPLE, sample: 1.5 }, 400, "sample", "sample: expected at most 1, got a number (1.5)"],
      [{ ...EXAMPLE, sample: -0.1 }, 400, "sample", "sample: expected at least 0, got a number (-0.1)"],
      [{ ...EXAMPLE, alert: { ...EXAMPLE.alert, webhook: "ftp://hooks.example/alert" } }, 400, "alert[0].webhook", "alert[0].webhook: expected an http or https URL"],
      [{ ...EXAMPLE, alert: { ...EXAMPLE.alert, webhook: "file:///etc/passwd" } }, 400, "alert[0].webhook", "alert[0].webhook: expected an http or https URL"],
      [{ ...EXAMPLE, alert: { ...EXAMPLE.alert, window: "soon" } }, 400, "alert[0].window", 'alert[0].window: expected a period such as "30m", "1h" or "7d"'],
      [{ ...EXAMPLE, alert: { ...EXAMPLE.alert, below: undefined } }, 400, "alert[0].below", 'alert[0].below: expected exactly one of "below" and "above"'],
      [{ ...EXAMPLE, filter: { source: "traces", services: "weather-agent" } }, 400, "filter.services", 'filter.services: unknown filter field "services": a monitor filters on source, service, model, tag, metadata'],
      [{ ...EXAMPLE, alert: { ...EXAMPLE.alert, criterion: "Tool call passes if the city is right" } }, 422, "alert[0].criterion", "alert[0].criterion: \"Tool call passes if the city is right\" is not one of this monitor's criteria"],
    ];
    const answers = [];
    for (const [body] of cases) answers.push(await problem(await collection.POST(request("POST", "/api/monitors", body))));
    expect(answers.map((answer) => [answer.status, answer.body.issues[0].path, answer.body.error])).toEqual(cases.map(([, status, path, message]) => [status, path, expect.stringContaining(message)]));
    expect(await ctx.prisma.monitor.count()).toBe(before);
    expect(await ctx.prisma.run.count({ where: { name: { startsWith: "Monitor:" } } })).toBe(before);
  });

  it("lets a viewer read but not create", async () => {
    const refused = await collection.POST(request("POST", "/api/monitors", EXAMPLE, viewerToken));
    expect(refused.status).toBe(403);
  });
});
