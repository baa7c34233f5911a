import { describe, expect, it } from "vitest";
import type { ImportOutcome } from "../import-types";
import { readTranscripts } from "../read-transcripts";
import { otlpRequest } from "./test-fixtures/build-request";
import { genAiTrace, openInferenceTrace, TRACE } from "./test-fixtures/traces";

async function read(text: string, file: string) {
  const out: { outcome: ImportOutcome; line?: number; index?: number }[] = [];
  for await (const o of readTranscripts([text], file)) out.push(o);
  return out;
}

/** The same spans as Phoenix's span JSON: nested attributes, ISO times, span_kind. */
function phoenixSpans() {
  return openInferenceTrace().map((s, i) => {
    const nested: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(s.attributes ?? {})) {
      const parts = key.split(".");
      let node = nested;
      parts.slice(0, -1).forEach((p) => (node = (node[p] ??= {}) as Record<string, unknown>));
      node[parts.at(-1) as string] = value;
    }
    return {
      name: s.name,
      context: { trace_id: s.traceId, span_id: s.spanId },
      span_kind: s.attributes?.["openinference.span.kind"],
      parent_id: s.parentSpanId ?? null,
      start_time: `2026-11-25T10:00:0${i}.123456+00:00`,
      end_time: `2026-11-25T10:00:0${i}.500000+00:00`,
      status_code: "OK",
      status_message: "",
      attributes: nested,
      events: [],
    };
  });
}

describe("trace files", () => {
  it("imports an OTLP JSON Lines file whose traces span several lines, one transcript per trace", async () => {
    const [root, llm1, tool, llm2] = openInferenceTrace();
    const lines = [otlpRequest([llm1, tool]), otlpRequest([...genAiTrace()]), otlpRequest([llm2, root])].map((r) => JSON.stringify(r)).join("\n");
    const outcomes = await read(lines, "otel-traces.jsonl");
    expect(outcomes.map((o) => [o.outcome.ok, o.line, o.outcome.ok && o.outcome.format])).toEqual([
      [true, 1, "otlp"],
      [true, 2, "otlp"],
    ]);
    const first = outcomes[0].outcome;
    if (!first.ok) return;
    expect(first.transcript.messages).toHaveLength(5);
    expect(first.transcript.metadata).toMatchObject({ trace: { traceId: TRACE, spans: 4 } });
    expect(first.sites[0]).toMatchObject({ callId: "call_1", response: '{"sky":"sunny"}' });
  });

  it("reports bad spans at their line and path, and a trace without an LLM span as an error", async () => {
    const good = otlpRequest(openInferenceTrace());
    const bad = otlpRequest(openInferenceTrace("9af7651916cd43dd8448eb211c80319c").slice(0, 1));
    bad.resourceSpans[0].scopeSpans[0].spans.push({ ...bad.resourceSpans[0].scopeSpans[0].spans[0], spanId: "zz" });
    good.resourceSpans[0].scopeSpans[0].spans[1].attributes.push({ key: "x", value: { intValue: "1.5" } } as never);
    const outcomes = await read([JSON.stringify(good), JSON.stringify(bad)].join("\n"), "t.jsonl");
    expect(outcomes.map((o) => (o.outcome.ok ? "ok" : o.outcome.error))).toEqual([
      expect.objectContaining({ file: "t.jsonl", line: 2, code: "schema", path: "resourceSpans[0].scopeSpans[0].spans[1].spanId", message: expect.stringContaining("spans[1].spanId: expected a span id") }),
      "ok",
      expect.objectContaining({ file: "t.jsonl", line: 2, code: "no_llm_span", message: expect.stringContaining("none of its 1 span is an LLM span") }),
    ]);
    const imported = outcomes[1].outcome;
    expect(imported.ok && imported.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^line 1, resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[1\]\.attributes\[\d+\]\.value\.intValue: attribute `x` left out/)]);
  });

  it("imports a Phoenix span export, as JSON Lines, as an array and as an API page", async () => {
    const spans = phoenixSpans();
    for (const [text, file] of [
      [spans.map((s) => JSON.stringify(s)).join("\n"), "spans.jsonl"],
      [JSON.stringify(spans, null, 2), "spans.json"],
      [JSON.stringify({ data: spans, next_cursor: null }), "page.json"],
    ] as const) {
      const outcomes = await read(text, file);
      expect(outcomes).toHaveLength(1);
      const outcome = outcomes[0].outcome;
      expect(outcome).toMatchObject({ ok: true, format: "otlp", name: "Weather in Lima?" });
      if (!outcome.ok) continue;
      expect(outcome.transcript.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant"]);
      expect(outcome.transcript.metadata).toMatchObject({ trace: { traceId: TRACE, startedAt: "2026-11-25T10:00:00.123Z" } });
    }
  });

  it("says which Phoenix span has no usable id", async () => {
    const spans = phoenixSpans();
    spans[0].context.trace_id = "not-hex";
    const outcomes = await read(JSON.stringify({ data: spans }), "page.json");
    expect(outcomes[0].outcome).toEqual({ ok: false, error: expect.objectContaining({ file: "page.json", path: "data[0].context.trace_id", message: 'data[0].context.trace_id: expected a trace id of 32 hexadecimal digits, got a string ("not-hex")' }) });
  });
});
