/**
 * Measurements for `npm run bench:results`: the server alone (Node's fetch, i.e. undici, over a
 * kept-alive connection) and a real browser (Chromium launched as playwright.config.ts does).
 * Each case gets one warm-up, kept apart as `first`, then `repeat` timed repetitions.
 */
import { existsSync } from "node:fs";
import { chromium, devices, type Browser, type BrowserContext } from "@playwright/test";

/** One page to measure, what the browser waits for, and what the server's HTML must say. */
export interface BenchCase {
  id: string;
  label: string;
  path: string;
  /** The accessible table that means "the page is there": the results table, or the call's results at a glance. */
  table: string;
  /** The count the page must show, read from the HTML (React's <!-- --> text separators removed). */
  expect: { pattern: RegExp; value: number; what: string };
}

export interface Stats {
  /** The warm-up, not in the statistics: a first view (cold caches, JIT) costs this. */
  first: number;
  samples: number[];
  median: number;
  p90: number;
  min: number;
  max: number;
}

/** Median, and p90 by nearest rank (with 7 samples, that is the slowest). */
export function stats(first: number, samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { first, samples, median, p90: rank(0.9), min: sorted[0], max: sorted[sorted.length - 1] };
}

export interface ServerResult {
  ttfb: Stats;
  total: Stats;
  bytes: number;
  /** What the page said for `expect` (null when the pattern was not found). */
  shown: number | null;
}

interface Fetched {
  ttfb: number;
  total: number;
  bytes: number;
  html: string;
}

/** How the bench reaches the server: its session cookie, and how long one page may take. */
export interface Client {
  cookie: string;
  timeoutMs: number;
}

/** Time to the first body byte and to the last, for one GET. */
async function timedGet(url: string, client: Client): Promise<Fetched> {
  const started = performance.now();
  const signal = AbortSignal.timeout(client.timeoutMs);
  try {
    const response = await fetch(url, { headers: { accept: "text/html", cookie: client.cookie }, redirect: "manual", signal });
    if (response.status !== 200 || !response.body) {
      const location = response.headers.get("location");
      throw new Error(`GET ${url} answered ${response.status}${location ? ` → ${location}` : ""}`);
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let ttfb = 0;
    let bytes = 0;
    let html = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!bytes) ttfb = performance.now() - started;
      bytes += value.byteLength;
      html += decoder.decode(value, { stream: true });
    }
    html += decoder.decode();
    return { ttfb, total: performance.now() - started, bytes, html };
  } catch (error) {
    if (!signal.aborted && !(error instanceof TypeError)) throw error;
    // undici says only "fetch failed" (or "aborted"): say what that means here.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    throw new Error(signal.aborted ? `GET ${url} took more than ${client.timeoutMs / 1000} s` : `GET ${url} failed: the server closed or refused the connection${cause}`);
  }
}

function shownCount(html: string, pattern: RegExp): number | null {
  const match = pattern.exec(html.replaceAll("<!-- -->", ""));
  return match ? Number(match[1].replaceAll(",", "")) : null;
}

export async function measureServer(baseUrl: string, bench: BenchCase, repeat: number, client: Client): Promise<ServerResult> {
  const warm = await timedGet(baseUrl + bench.path, client);
  const shown = shownCount(warm.html, bench.expect.pattern);
  const runs: Fetched[] = [];
  for (let i = 0; i < repeat; i++) runs.push(await timedGet(baseUrl + bench.path, client));
  return {
    ttfb: stats(warm.ttfb, runs.map((r) => r.ttfb)),
    total: stats(warm.total, runs.map((r) => r.total)),
    bytes: warm.bytes,
    shown,
  };
}

/** Chromium as playwright.config.ts launches it: Debian's (or CHROMIUM_PATH) when present, Playwright's own otherwise. */
export async function launchBrowser(baseUrl: string, cookies: { name: string; value: string }[]): Promise<{ browser: Browser; context: BrowserContext; executable: string }> {
  const candidate = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const executablePath = existsSync(candidate) ? candidate : undefined;
  const browser = await chromium.launch(
    executablePath
      ? {
          executablePath,
          args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        }
      : {},
  );
  const context = await browser.newContext({ ...devices["Desktop Chrome"] });
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: baseUrl })));
  return { browser, context, executable: executablePath ?? "playwright's chromium" };
}

export interface BrowserResult {
  /**
   * Navigation start → the first animation frame in which the table has a layout box: when it is
   * rendered, measured in the page itself. The target is on this one.
   */
  rendered: Stats;
  /**
   * goto → Playwright's locator sees the table visible. Kept for comparison with earlier runs: it
   * polls at 0, 20, 50, 100, 100, then every 500 ms, so it adds up to half a second to `rendered`.
   */
  visible: Stats;
  /** The browser's own time to the first byte (Navigation Timing responseStart). */
  responseStart: Stats;
  /** Navigation start → first contentful paint, and → DOMContentLoaded (the HTML parsed, deferred scripts run). */
  firstPaint: Stats;
  domContentLoaded: Stats;
  /** Main-thread tasks over 50 ms up to DOMContentLoaded, in ms (what blocks rendering and input). */
  longTasks: Stats;
  /** Body rows in the table at the warm-up. */
  rows: number;
}

interface Visit {
  rendered: number;
  visible: number;
  responseStart: number;
  firstPaint: number;
  domContentLoaded: number;
  longTasks: number;
  rows: number;
}

interface Probe {
  tableRenderedAt?: number;
  longTasks: { start: number; duration: number }[];
}

/**
 * Runs in the page before any of its scripts: each animation frame, until the table has a box,
 * looks for it; and records long tasks. Plain DOM, no Playwright round trip, so no polling delay.
 * A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
 */
const probeScript = (label: string) => `(() => {
  const probe = { longTasks: [] };
  window.__benchProbe = probe;
  function look() {
    const table = Array.from(document.querySelectorAll("table")).find((t) => t.getAttribute("aria-label") === ${JSON.stringify(label)});
    if (table && table.getBoundingClientRect().height > 0) probe.tableRenderedAt = performance.now();
    else requestAnimationFrame(look);
  }
  requestAnimationFrame(look);
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {}
})();`;

/** A fresh page (same context: the HTTP cache holds the app's scripts, as for a returning user). */
async function visit(context: BrowserContext, url: string, table: string): Promise<Visit> {
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: probeScript(table) });
    const started = performance.now();
    await page.goto(url, { waitUntil: "commit" });
    const locator = page.getByRole("table", { name: table, exact: true });
    await locator.waitFor({ state: "visible", timeout: 30_000 });
    const visible = performance.now() - started;
    // The numbers are read after the table and DOMContentLoaded, never waited for in the timed part.
    await page.waitForFunction(() => document.readyState !== "loading" && (window as unknown as { __benchProbe: Probe }).__benchProbe.tableRenderedAt !== undefined, undefined, { timeout: 30_000 });
    const marks = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const probe = (window as unknown as { __benchProbe: Probe }).__benchProbe;
      const start = entry?.startTime ?? 0;
      const loaded = entry ? entry.domContentLoadedEventStart : Infinity;
      return {
        rendered: (probe.tableRenderedAt ?? NaN) - start,
        responseStart: entry ? entry.responseStart - start : NaN,
        domContentLoaded: entry ? loaded - start : NaN,
        firstPaint: paint ? paint.startTime - start : NaN,
        longTasks: probe.longTasks.filter((task) => task.start < loaded).reduce((sum, task) => sum + task.duration, 0),
      };
    });
    const rows = await locator.locator("tbody tr").count();
    return { visible, ...marks, rows };
  } finally {
    await page.close();
  }
}

export async function measureBrowser(context: BrowserContext, baseUrl: string, bench: BenchCase, repeat: number): Promise<BrowserResult> {
  const warm = await visit(context, baseUrl + bench.path, bench.table);
  const runs: Visit[] = [];
  for (let i = 0; i < repeat; i++) runs.push(await visit(context, baseUrl + bench.path, bench.table));
  return {
    rendered: stats(warm.rendered, runs.map((r) => r.rendered)),
    visible: stats(warm.visible, runs.map((r) => r.visible)),
    responseStart: stats(warm.responseStart, runs.map((r) => r.responseStart)),
    firstPaint: stats(warm.firstPaint, runs.map((r) => r.firstPaint)),
    domContentLoaded: stats(warm.domContentLoaded, runs.map((r) => r.domContentLoaded)),
    longTasks: stats(warm.longTasks, runs.map((r) => r.longTasks)),
    rows: warm.rows,
  };
}
