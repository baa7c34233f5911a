import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/admin-page";
import { adminToken } from "./fixtures/api";
import { runOpenInferenceAgent, sendGenAiTrace, sendOpenLlmetryTrace, startTracing } from "./fixtures/otel-agent";

// The server assembles a trace once it has been quiet for CALLBOARD_TRACE_QUIET_SECONDS (1 s in playwright.config.ts).
async function transcriptOf(request: APIRequestContext, traceId: string): Promise<string> {
  let transcriptId: string | null = null;
  await expect(async () => {
    const response = await request.get(`/api/otel/traces/${traceId}`, { headers: { authorization: `Bearer ${adminToken()}` } });
    expect(response.status()).toBe(200);
    const trace = (await response.json()) as { status: string; error: string | null; transcriptId: string | null };
    expect(trace).toMatchObject({ status: "assembled", error: null });
    transcriptId = trace.transcriptId;
  }).toPass({ timeout: 30_000 });
  return transcriptId as unknown as string;
}

async function expectCall(page: Page, ordinal: number, tool: string, argument: string, response: string | RegExp) {
  const card = page.locator(`[aria-label="Tool call ${ordinal}: ${tool}"]`);
  await expect(card.getByLabel("Arguments")).toContainText(argument);
  await expect(card.getByLabel("Tool response")).toContainText(response);
}

test("traces of instrumented agents become transcripts with calls and responses, and a run judges them", async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const tracing = startTracing(baseURL as string, adminToken(), "weather-service");
  let agentTrace: string, genAiTrace: string, openLlmetryTrace: string;
  try {
    agentTrace = await runOpenInferenceAgent(tracing, "OTel agent: what is the weather in Lima and Oslo?");
    genAiTrace = sendGenAiTrace(tracing, "OTel GenAI: find me a flight from Lima to Quito");
    openLlmetryTrace = sendOpenLlmetryTrace(tracing, "OTel OpenLLMetry: book a table for two");
  } finally {
    await tracing.shutdown();
  }

  // The OpenInference agent: two parallel calls from the instrumented client, their results from the tool spans.
  await page.goto(`/transcripts/${await transcriptOf(request, agentTrace)}`);
  await expect(page.getByRole("heading", { level: 1, name: "OTel agent: what is the weather in Lima and Oslo?" })).toBeVisible();
  await expect(page.getByText(/^otlp · 6 messages · 2 tool calls/)).toBeVisible();
  await expect(page.getByLabel("Trace")).toContainText(`From trace ${agentTrace}`);
  await expectCall(page, 1, "get_weather", "Lima", "sunny, 24 °C");
  await expectCall(page, 2, "get_weather", "Oslo", "Error: no weather station for Oslo");
  await expect(page.getByRole("list", { name: "Conversation" }).getByText("Here is the weather:")).toBeVisible();

  await page.goto(`/transcripts/${await transcriptOf(request, genAiTrace)}`);
  await expectCall(page, 1, "search_flights", "LIM", "LA1441");
  await page.goto(`/transcripts/${await transcriptOf(request, openLlmetryTrace)}`);
  await expectCall(page, 1, "book_table", "two", "Error: people must be a number");

  // A run on the three transcripts, immediate and in hindsight, with the built-in checks judge.
  await page.goto("/runs/new");
  const run = page.getByRole("form", { name: "New run" });
  await run.getByLabel("Name").fill("OTel traces run");
  await run.getByLabel("A filter").check();
  await run.getByLabel("Name contains").fill("OTel ");
  await run.getByLabel(/Reward tool calls that select appropriate tools and provide accurate parameters/).check();
  await run.getByLabel(/^Both/).check();
  await run.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "OTel traces run" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Progress" }).getByText("done", { exact: true })).toBeVisible({ timeout: 60_000 });
  const calls = page.getByRole("table", { name: "Tool calls in this run" });
  await expect(calls.locator("tbody tr")).toHaveCount(4);
  for (const tool of ["get_weather", "search_flights", "book_table"]) await expect(calls.getByText(tool).first()).toBeVisible();
});
