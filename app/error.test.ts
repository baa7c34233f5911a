import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import PageError from "./error";
import GlobalError from "./global-error";

const failure = (digest?: string) => Object.assign(new Error("An error occurred in the Server Components render."), digest ? { digest } : {});

describe("what a page shows when it fails unexpectedly", () => {
  it("says so, gives the server log's reference and offers to try again, without the server's message", () => {
    const html = renderToStaticMarkup(createElement(PageError, { error: failure("2215891842"), reset: () => {} }));

    expect(html).toContain('role="alert"');
    expect(html).toContain("This page could not be loaded");
    expect(html).toContain("<code>2215891842</code>");
    expect(html).toContain(">Try again</button>");
    expect(html).toContain('href="/"');
    expect(html).not.toContain("Server Components render");
  });

  it("gives no reference when the error has none (one thrown in the browser)", () => {
    expect(renderToStaticMarkup(createElement(PageError, { error: failure(), reset: () => {} }))).not.toContain("<code>");
  });

  it("replaces the root layout with a whole document when the layout itself fails", () => {
    const html = renderToStaticMarkup(createElement(GlobalError, { error: failure("7"), reset: () => {} }));

    expect(html).toMatch(/^<html lang="en">(<head><\/head>)?<body[^>]*>/);
    expect(html).toContain("This page could not be loaded");
  });
});
