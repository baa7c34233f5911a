import { describe, expect, it } from "vitest";
import { tracePageUrl, transcriptTraceLinks } from "./trace-links";

const TRACE = "0af7651916cd43dd8448eb211c80319c";
const TEMPLATE = "http://localhost:6006/projects/default/traces/{traceId}";
const trace = (fields: Record<string, unknown>) => ({ source: "opentelemetry", trace: { traceId: TRACE, ...fields } });

describe("transcriptTraceLinks", () => {
  it("links an assembled trace to its received spans and to the configured tracing UI", () => {
    const metadata = trace({ spansUrl: `/api/otel/traces/${TRACE}`, url: tracePageUrl(TEMPLATE, TRACE) });
    expect(transcriptTraceLinks(metadata, TEMPLATE)).toEqual({
      traceId: TRACE,
      spansHref: `/api/otel/traces/${TRACE}`,
      tracingUiHref: `http://localhost:6006/projects/default/traces/${TRACE}`,
    });
  });

  it("is nothing for a transcript that is not from a trace", () => {
    expect(transcriptTraceLinks({ model: "gpt" }, TEMPLATE)).toBeNull();
    expect(transcriptTraceLinks(null, TEMPLATE)).toBeNull();
    expect(transcriptTraceLinks({ trace: { traceId: 7 } }, TEMPLATE)).toBeNull();
  });

  // Issue 31: uploaded metadata made "received spans" a link to another site.
  it.each([
    "//evil.example/spans",
    "/\\evil.example/spans",
    "\\\\evil.example/spans",
    "/.//evil.example/spans",
    "/..//evil.example/spans",
    "/%2e%2e//evil.example/spans",
    "/a/..//evil.example/spans",
    "/%5cevil.example/spans",
    "/%2f%2fevil.example/spans",
    "/\t/evil.example/spans",
    "/\n/evil.example/spans",
    "https://evil.example/spans",
    "javascript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "spans",
    "",
  ])("does not link the spans to %j", (spansUrl) => {
    expect(transcriptTraceLinks(trace({ spansUrl }), TEMPLATE)).toEqual({ traceId: TRACE, spansHref: null, tracingUiHref: null });
  });

  it("links the spans to a path of this site, normalised", () => {
    expect(transcriptTraceLinks(trace({ spansUrl: "/api/otel/traces/./x" }), undefined)?.spansHref).toBe("/api/otel/traces/x");
  });

  it.each([
    ["another site", "https://evil.example/traces/x"],
    ["a script", "javascript:alert(1)"],
    ["the tracing UI's host with another page", "http://localhost:6006/logout"],
    ["the tracing UI's page for another trace", tracePageUrl(TEMPLATE, "ffffffffffffffffffffffffffffffff")],
    ["a look-alike host", `http://localhost:6006.evil.example/projects/default/traces/${TRACE}`],
  ])("links the tracing UI only to the configured CALLBOARD_TRACE_URL, not to %s", (_, url) => {
    expect(transcriptTraceLinks(trace({ url }), TEMPLATE)?.tracingUiHref).toBeNull();
  });

  it("does not link the tracing UI without CALLBOARD_TRACE_URL, or for an id that is not a trace id", () => {
    expect(transcriptTraceLinks(trace({ url: tracePageUrl(TEMPLATE, TRACE) }), undefined)?.tracingUiHref).toBeNull();
    const odd = "x@evil.example/#";
    const hostTemplate = "http://{traceId}.traces.internal/";
    const metadata = { trace: { traceId: odd, url: tracePageUrl(hostTemplate, odd) } };
    expect(transcriptTraceLinks(metadata, hostTemplate)?.tracingUiHref).toBeNull();
  });
});
