import http from "node:http";
import type { AddressInfo } from "node:net";
import { adminToken, expect, test } from "../fixtures/api";
import { runOpenInferenceAgent, startTracing } from "../fixtures/otel-agent";

/*
 * A monitor as a team runs one: made through the API, fed by an agent traced with the official
 * OpenTelemetry SDK (some tool spans failing), judging each trace within seconds of it going quiet
 * (CALLBOARD_TRACE_QUIET_SECONDS is 1 s in playwright.config.ts), and posting to a webhook when
 * the pass rate falls below the threshold, then again when passing traces bring it back.
 */

const CRITERION = "Tool call fails if the tool returned an error";

interface Hook {
  url: string;
  bodies: { state: string; value: number; threshold: number; window: number | string; text: string; link: string; monitor: { id: string } }[];
  close(): Promise<void>;
}

async function startWebhook(): Promise<Hook> {
  const bodies: Hook["bodies"] = [];
  const server = http.createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => {
      bodies.push(JSON.parse(text));
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts`, bodies, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test("a monitor judges traced agent runs as they arrive and alerts a webhook, firing then resolved", async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const hook = await startWebhook();
  const service = `monitored-weather-${Date.now()}`;
  try {
    const created = await request.post("/api/monitors", {
      data: {
        name: "weather agent in production",
        criteria: [CRITERION],
        judge: "checks",
        mode: "auto",
        sample: 1,
        filter: { source: "traces", service },
        alert: { criterion: CRITERION, below: 0.9, window: 4, webhook: hook.url },
      },
    });
    expect(created.status()).toBe(201);
    const monitor = (await created.json()) as { id: string; runId: string };
    const judged = async () => ((await (await request.get(`/api/monitors/${monitor.id}`)).json()) as { run: { total: number; done: number } }).run;

    // Two traces, each asking for a city the tool knows and one it does not (its TOOL span fails).
    const tracing = startTracing(baseURL as string, adminToken(), service);
    try {
      await runOpenInferenceAgent(tracing, `Monitor ${service}: weather in Lima and Oslo?`);
      await runOpenInferenceAgent(tracing, `Monitor ${service}: weather in Quito and Oslo?`);
    } finally {
      await tracing.shutdown();
    }
    // Quiet from here: each call judged in the monitor's run within 10 s (the figure).
    await expect(async () => expect(await judged()).toEqual({ total: 4, done: 4, status: "done", errors: 0 })).toPass({ timeout: 10_000 });
    await expect(async () => expect(hook.bodies.map((body) => body.state)).toEqual(["firing"])).toPass({ timeout: 10_000 });
    const firing = hook.bodies[0];
    expect(firing).toMatchObject({ monitor: { id: monitor.id }, threshold: 0.9, window: 4 });
    expect(firing.value).toBeLessThan(0.9);
    expect(firing.text).toContain('monitor "weather agent in production"');
    expect(firing.link).toContain(`/runs/${monitor.runId}?criterion=`);

    // Traces whose tools all succeed: the last 4 judged results pass, and the alert resolves.
    const passing = startTracing(baseURL as string, adminToken(), service);
    try {
      await runOpenInferenceAgent(passing, `Monitor ${service}: weather in Lima and Quito?`);
      await runOpenInferenceAgent(passing, `Monitor ${service}: weather in Quito and Lima, please?`);
    } finally {
      await passing.shutdown();
    }
    await expect(async () => expect((await judged()).done).toBe(8)).toPass({ timeout: 10_000 });
    await expect(async () => expect(hook.bodies.map((body) => body.state)).toEqual(["firing", "resolved"])).toPass({ timeout: 10_000 });
    expect(hook.bodies[1]).toMatchObject({ value: 1, state: "resolved" });

    // The alert history and the trend, as the monitor's page reads them.
    await expect(async () => {
      const trends = (await (await request.get(`/api/monitors/${monitor.id}/trends?by=hour`)).json()) as { alerts: { state: string; delivery: string }[]; criteria: { series: { points: { judged: number; passes: number }[] }[] }[] };
      expect(trends.alerts.map((alert) => [alert.state, alert.delivery])).toEqual([["resolved", "delivered"], ["firing", "delivered"]]);
      expect(trends.criteria[0].series[0].points.reduce((sum, point) => sum + point.judged, 0)).toBe(8);
    }).toPass({ timeout: 10_000 });
  } finally {
    await hook.close();
  }
});

test("live checks naming a monitor are answered at once and kept in its run", async ({ request }) => {
  const created = await request.post("/api/monitors", { data: { name: `live checks ${Date.now()}`, criteria: [CRITERION], filter: { source: "api", service: "no-such-service" } } });
  expect(created.status()).toBe(201);
  const monitor = (await created.json()) as { id: string; runId: string };
  const messages = [
    { role: "user", content: "Weather in Lima?" },
    { role: "assistant", content: null, tool_calls: [{ id: "call_lima", type: "function", function: { name: "get_weather", arguments: '{"city":"Lima"}' } }] },
    { role: "tool", tool_call_id: "call_lima", content: "Error: the weather service is down" },
  ];
  const tools = [{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }];
  const byQuery = await request.post(`/api/v1/evals/binary?monitor=${monitor.id}`, { data: { messages, tools, evaluation_criteria: CRITERION } });
  expect(byQuery.status()).toBe(200);
  expect(await byQuery.json()).toMatchObject({ passed: false, view: "hindsight", tool_call_id: "call_lima" });
  const immediate = await request.post("/api/v1/evals/reward", { data: { messages: messages.slice(0, 2), tools, evaluation_criteria: "Reward tool calls that select appropriate tools and provide accurate parameters" }, headers: { "x-callboard-monitor": monitor.id } });
  expect(immediate.status()).toBe(200);
  await expect(async () => {
    const run = ((await (await request.get(`/api/monitors/${monitor.id}`)).json()) as { run: { total: number; done: number }; criteria: unknown[] }).run;
    expect(run).toMatchObject({ total: 2, done: 2 });
  }).toPass({ timeout: 10_000 });
});
