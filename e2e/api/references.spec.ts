import { expect, test } from "../fixtures/api";

const trial = (task: string, trial: number) =>
  JSON.stringify({
    messages: [
      { role: "user", content: `API references ${task} #${trial}: weather in Quito?` },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city": "Quito"}' } }] },
    ],
    tools: [],
    metadata: { task_id: `api-ref-${task}`, trial },
  });

test("POST /api/references attaches a task's expected calls to every trial, and answers bad lines with their path", async ({ request }) => {
  const imported = await request.post("/api/transcripts?file=ref-trials.jsonl", { data: [trial("a", 1), trial("a", 2)].join("\n") });
  expect(imported.ok()).toBe(true);
  const body = [
    '{"task_id": "api-ref-a", "reference": {"steps": [{"calls": [{"name": "get_weather", "args": {"city": "Quito"}}]}]}}',
    '{"task_id": "api-ref-none", "reference": {"steps": []}}',
    '{"task_id": "api-ref-a", "reference": {"steps": [], "match": {"args": "loose"}}}',
  ].join("\n");
  const response = await request.post("/api/references?file=refs.jsonl", { data: body, headers: { "content-type": "application/x-ndjson" } });
  expect(response.status()).toBe(200);
  const report = await response.json();
  expect(report.counts).toEqual({ attached: 1, transcripts: 2, unmatched: 1, rejected: 1 });
  expect(report.rejected[0]).toMatchObject({ file: "refs.jsonl", line: 3, path: "reference.match.args" });

  const nothing = await request.post("/api/references?file=bad.jsonl", { data: "{oops" });
  expect(nothing.status()).toBe(400);
});
