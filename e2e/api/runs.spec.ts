import { expect, test } from "../fixtures/api";
import { HEADLESS_ADMIN_TOKEN, SIGNED_OUT } from "../fixtures/credentials";

// A CI job's path through the runs API: upload transcripts, start a run with POST /api/runs, follow
// GET /api/runs/:id/progress until it ends, then read GET /api/runs/:id/export.
const tools = [
  {
    type: "function",
    function: {
      name: "lookup_order",
      description: "Look up an order by its id.",
      parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"], additionalProperties: false },
    },
  },
];

/** Two transcripts of two calls each, unique to this test so the upload never meets duplicates. */
function transcripts(tag: string): string {
  const one = (n: number) => ({
    name: `Runs API ${tag} ${n}`,
    messages: [
      { role: "user", content: `Where is my order ORD-${tag}-${n}?` },
      { role: "assistant", content: null, tool_calls: [{ id: "a", type: "function", function: { name: "lookup_order", arguments: JSON.stringify({ order_id: `ORD-${tag}-${n}` }) } }] },
      { role: "tool", tool_call_id: "a", content: n === 1 ? '{"error": "ORDER_NOT_FOUND"}' : '{"status": "shipped"}' },
      { role: "assistant", content: null, tool_calls: [{ id: "b", type: "function", function: { name: "lookup_order", arguments: JSON.stringify({ order_id: `ORD-${tag}-${n}` }) } }] },
    ],
    tools,
  });
  return `${JSON.stringify(one(1))}\n${JSON.stringify(one(2))}\n`;
}

const ERRORS = "Penalize tool calls whose response reports an error";

interface Progress {
  status: string;
  total: number;
  finished: number;
  ended: boolean;
  failed: number;
  rate: number | null;
}

test("a run started with POST /api/runs answers 201 at once and is followed to the end through progress and export", async ({ request }) => {
  const tag = `${Date.now()}`;
  const upload = await request.post("/api/transcripts?file=runs-api.jsonl", { data: transcripts(tag), headers: { "content-type": "application/x-ndjson" } });
  expect(upload.status()).toBe(201);
  const { uploadId } = (await upload.json()) as { uploadId: string };

  const started = await request.post("/api/runs", { data: { name: `CI ${tag}`, transcripts: { upload: uploadId }, criteria: [ERRORS], judge: "checks", mode: "both" } });
  expect(started.status()).toBe(201);
  const run = (await started.json()) as { id: string; total: number; links: { progress: string; export: string; page: string }; warnings: unknown[] };
  expect(run.warnings).toEqual([]);
  // 2 transcripts × 2 calls × 1 criterion × 2 modes.
  expect(run.total).toBe(8);
  expect(started.headers().location).toBe(`/runs/${run.id}`);
  expect(run.links.progress).toBe(`/api/runs/${run.id}/progress`);

  let progress: Progress | undefined;
  await expect
    .poll(
      async () => {
        progress = (await (await request.get(run.links.progress)).json()) as Progress;
        return progress.ended;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(progress).toMatchObject({ status: "done", total: 8, finished: 8, failed: 0 });

  const exported = await request.get(`${run.links.export}?format=jsonl`);
  expect(exported.status()).toBe(200);
  const rows = (await exported.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { mode: string; tool: string; criterion: string; transcript_name: string; call_id: string; score: number | null; status: string });
  expect(rows).toHaveLength(8);
  expect(new Set(rows.map((row) => row.criterion))).toEqual(new Set([ERRORS]));
  // Hindsight sees the error response of the first call of transcript 1, and scores it lower than a call that worked.
  const hindsight = rows.filter((row) => row.mode === "hindsight" && row.status === "done");
  const failed = hindsight.find((row) => row.transcript_name === `Runs API ${tag} 1` && row.call_id === "a");
  const worked = hindsight.find((row) => row.transcript_name === `Runs API ${tag} 2` && row.call_id === "a");
  expect(failed?.score ?? null).not.toBeNull();
  expect(worked?.score ?? null).not.toBeNull();
  expect(failed!.score!).toBeLessThan(worked!.score!);
});

test("an agent-level criterion given as text runs once per transcript, counted in progress and exported with scope agent", async ({ request }) => {
  const tag = `${Date.now()}-agent`;
  const upload = await request.post("/api/transcripts?file=runs-api-agent.jsonl", { data: transcripts(tag), headers: { "content-type": "application/x-ndjson" } });
  expect(upload.status()).toBe(201);
  const { uploadId } = (await upload.json()) as { uploadId: string };
  const agent = `Penalize agents that repeat calls (${tag})`;
  const started = await request.post("/api/runs", { data: { transcripts: { upload: uploadId }, criteria: [ERRORS, agent], judge: "checks", mode: "auto" } });
  expect(started.status()).toBe(201);
  const run = (await started.json()) as { id: string; total: number; links: { progress: string; export: string } };
  // 2 transcripts × 2 calls × 1 tool-call criterion, and 2 transcripts × 1 agent criterion.
  expect(run.total).toBe(6);
  await expect.poll(async () => ((await (await request.get(run.links.progress)).json()) as Progress).ended, { timeout: 30_000 }).toBe(true);
  expect(await (await request.get(run.links.progress)).json()).toMatchObject({ status: "done", total: 6, finished: 6, failed: 0 });

  const rows = (await (await request.get(`${run.links.export}?format=jsonl`)).text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const agentRows = rows.filter((row) => row.scope === "agent");
  expect(agentRows).toHaveLength(2);
  for (const row of agentRows) {
    expect(row).toMatchObject({ criterion: agent, status: "done", judge: "checks" });
    expect(row).not.toHaveProperty("tool_call_id");
    expect(row).not.toHaveProperty("mode");
  }
  // Each transcript repeats its lookup with the same arguments: the agent is penalised for it.
  expect(agentRows.every((row) => typeof row.score === "number" && (row.explanation as string).includes("repeated-call"))).toBe(true);
});

test("criteria given as text are reused by the next run, and criterion ids work too", async ({ request }) => {
  const text = `Tool call fails if an argument contains a value the user never provided (runs API ${Date.now()})`;
  const first = await request.post("/api/runs", { data: { transcripts: "all", criteria: [text], mode: "immediate" } });
  expect(first.status()).toBe(201);
  const firstRun = (await first.json()) as { id: string };
  const summary = (await (await request.get(`/api/runs/${firstRun.id}/export?format=summary`)).json()) as { criteria: { id: string; text: string }[] };
  const criterion = summary.criteria.find((c) => c.text === text);
  expect(criterion).toBeDefined();

  const second = await request.post("/api/runs", { data: { transcripts: "all", criteria: [text, criterion!.id], mode: "immediate" } });
  expect(second.status()).toBe(201);
  const secondSummary = (await (await request.get(`/api/runs/${((await second.json()) as { id: string }).id}/export?format=summary`)).json()) as {
    criteria: { id: string }[];
  };
  expect(secondSummary.criteria.map((c) => c.id)).toEqual([criterion!.id]);

  // A criterion the built-in judge cannot measure starts a run all the same, with the warning the new-run form shows.
  const unmeasurable = await request.post("/api/runs", { data: { transcripts: "all", criteria: [text, `Reward tool calls that are witty (${Date.now()})`], mode: "immediate" } });
  expect(unmeasurable.status()).toBe(201);
  expect((await unmeasurable.json()).warnings).toEqual([{ path: "criteria[1]", message: expect.stringContaining("cannot measure this criterion") }]);
  // One about the policy: no rule reads it, and the warning names the judges that do.
  const policy = await request.post("/api/runs", { data: { transcripts: "all", criteria: [`Reward tool calls that follow the policy in the system prompt (${Date.now()})`], mode: "immediate" } });
  expect(policy.status()).toBe(201);
  expect((await policy.json()).warnings).toEqual([{ path: "criteria[0]", message: expect.stringContaining("cannot read policy compliance") }]);
});

test("bad requests get 400 with JSON paths; what does not exist or cannot run gets 422", async ({ request }) => {
  const misspelt = await request.post("/api/runs", { data: { transcripts: "all", criterion: [ERRORS] } });
  expect(misspelt.status()).toBe(400);
  const misspeltBody = (await misspelt.json()) as { issues: { path: string; message: string }[] };
  expect(misspeltBody.issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(["criteria"]));

  const badJudge = await request.post("/api/runs", { data: { transcripts: "all", criteria: [ERRORS], judge: "gpt" } });
  expect(badJudge.status()).toBe(400);
  expect((await badJudge.json()).issues[0]).toMatchObject({ path: "judge", message: expect.stringContaining('"checks"') });

  const notJson = await request.post("/api/runs", { data: "{oops", headers: { "content-type": "application/json" } });
  expect(notJson.status()).toBe(400);

  const unprefixed = await request.post("/api/runs", { data: { transcripts: "all", criteria: ["Check that the order exists"] } });
  expect(unprefixed.status()).toBe(422);
  expect((await unprefixed.json()).issues[0]).toMatchObject({ path: "criteria[0]", message: expect.stringContaining("Tool call passes if") });

  const noUpload = await request.post("/api/runs", { data: { transcripts: { upload: "no-such-upload" }, criteria: [ERRORS] } });
  expect(noUpload.status()).toBe(422);

  const noKey = await request.post("/api/runs", { data: { transcripts: "all", criteria: [ERRORS], judge: "openai" } });
  expect(noKey.status()).toBe(422);
  expect((await noKey.json()).error).toMatch(/OPENAI_API_KEY/);
});

test("the token from CALLBOARD_ADMIN_TOKEN starts runs with no browser involved; no token gets 401", async ({ playwright }) => {
  const headless = await playwright.request.newContext({ storageState: SIGNED_OUT, extraHTTPHeaders: { authorization: `Bearer ${HEADLESS_ADMIN_TOKEN}` } });
  const started = await headless.post("/api/runs", { data: { transcripts: "all", criteria: [ERRORS], mode: "auto" } });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  expect((await headless.get(`/api/runs/${id}/progress`)).status()).toBe(200);
  await headless.dispose();

  const anonymous = await playwright.request.newContext({ storageState: SIGNED_OUT });
  expect((await anonymous.post("/api/runs", { data: { transcripts: "all", criteria: [ERRORS] } })).status()).toBe(401);
  const wrong = await playwright.request.newContext({ storageState: SIGNED_OUT, extraHTTPHeaders: { authorization: "Bearer cb_not-a-real-token-0000000000000000000000" } });
  expect((await wrong.post("/api/runs", { data: { transcripts: "all", criteria: [ERRORS] } })).status()).toBe(401);
  await anonymous.dispose();
  await wrong.dispose();
});
