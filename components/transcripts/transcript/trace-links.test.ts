import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TraceLinks } from "./trace-links";

const TRACE = "0af7651916cd43dd8448eb211c80319c";
const TEMPLATE = "http://localhost:6006/traces/{traceId}";
const render = (trace: Record<string, unknown>, traceUrlTemplate?: string) =>
  renderToStaticMarkup(createElement(TraceLinks, { metadata: { trace: { traceId: TRACE, ...trace } }, traceUrlTemplate }));
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

describe("TraceLinks", () => {
  it("links to the received spans and the configured tracing UI", () => {
    const html = render({ spansUrl: `/api/otel/traces/${TRACE}`, url: `http://localhost:6006/traces/${TRACE}` }, TEMPLATE);
    expect(hrefs(html)).toEqual([`/api/otel/traces/${TRACE}`, `http://localhost:6006/traces/${TRACE}`]);
    expect(html).toContain("received spans");
  });

  // Issue 31: these rendered as a "received spans" link that left the site.
  it.each(["//evil.example/spans", "/\\evil.example/spans", "/.//evil.example/spans", "https://evil.example/spans"])("renders no link for spans at %j", (spansUrl) => {
    const html = render({ spansUrl, url: "https://evil.example/ui" }, TEMPLATE);
    expect(hrefs(html)).toEqual([]);
    expect(html).toContain(TRACE);
  });
});
