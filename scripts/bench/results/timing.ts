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

/** Time to the first body byte and to the last, for one GET. */
async function timedGet(url: string): Promise<Fetched> {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: "text/html" }, redirect: "manual" });
  if (response.status !== 200 || !response.body) throw new Error(`GET ${url} answered ${response.status}`);
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
}

function shownCount(html: string, pattern: RegExp): number | null {
  const match = pattern.exec(html.replaceAll("<!-- -->", ""));
  return match ? Number(match[1].replaceAll(",", "")) : null;
}

export async function measureServer(baseUrl: string, bench: BenchCase, repeat: number): Promise<ServerResult> {
  const warm = await timedGet(baseUrl + bench.path);
  const shown = shownCount(warm.html, bench.expect.pattern);
  const runs: Fetched[] = [];
  for (let i = 0; i < repeat; i++) runs.push(await timedGet(baseUrl + bench.path));
  return {
    ttfb: stats(warm.ttfb, runs.map((r) => r.ttfb)),
    total: stats(warm.total, runs.map((r) => r.total)),
    bytes: warm.bytes,
    shown,
  };
}

/** Chromium as playwright.config.ts launches it: Debian's (or CHROMIUM_PATH) when present, Playwright's own otherwise. */
export async function launchBrowser(): Promise<{ browser: Browser; context: BrowserContext; executable: string }> {
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
  return { browser, context, executable: executablePath ?? "playwright's chromium" };
}

export interface BrowserResult {
  /** navigation start → the table is visible. */
  visible: Stats;
  /** The browser's own time to the first byte (Navigation Timing responseStart). */
  responseStart: Stats;
  /** Body rows in the table at the warm-up. */
  rows: number;
}

interface Visit {
  visible: number;
  responseStart: number;
  rows: number;
}

/** A fresh page (same context: the HTTP cache holds the app's scripts, as for a returning user). */
async function visit(context: BrowserContext, url: string, table: string): Promise<Visit> {
  const page = await context.newPage();
  try {
    const started = performance.now();
    await page.goto(url, { waitUntil: "commit" });
    const locator = page.getByRole("table", { name: table, exact: true });
    await locator.waitFor({ state: "visible", timeout: 30_000 });
    const visible = performance.now() - started;
    const responseStart = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      return entry ? entry.responseStart - entry.startTime : NaN;
    });
    const rows = await locator.locator("tbody tr").count();
    return { visible, responseStart, rows };
  } finally {
    await page.close();
  }
}

export async function measureBrowser(context: BrowserContext, baseUrl: string, bench: BenchCase, repeat: number): Promise<BrowserResult> {
  const warm = await visit(context, baseUrl + bench.path, bench.table);
  const runs: Visit[] = [];
  for (let i = 0; i < repeat; i++) runs.push(await visit(context, baseUrl + bench.path, bench.table));
  return {
    visible: stats(warm.visible, runs.map((r) => r.visible)),
    responseStart: stats(warm.responseStart, runs.map((r) => r.responseStart)),
    rows: warm.rows,
  };
}
