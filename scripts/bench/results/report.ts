/** The text report of `npm run bench:results`. */
import type { SeedSummary } from "./seed";
import type { BenchCase, BrowserResult, ServerResult, Stats } from "./timing";

/** At the server, for the median and for the first view alike: a monitor's run is opened cold as often as warm. */
export const TARGET_SERVER_MS = 300;
export const TARGET_BROWSER_MS = 1000;

export interface CaseResult {
  bench: BenchCase;
  server: ServerResult;
  browser: BrowserResult | null;
  /** The page showed the count the seeded rows call for. */
  checkOk: boolean;
  serverPass: boolean;
  browserPass: boolean | null;
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const ms = (n: number) => (Number.isFinite(n) ? String(Math.round(n)) : "–");
const pair = (s: Stats) => `${ms(s.median)} / ${ms(s.p90)}`;

/** PASS or FAIL (at the server: the median and the first view; in the browser: the median); "!" when the p90 is over the target too. */
function verdict(pass: boolean | null, s: Stats | undefined, target: number): string {
  if (pass === null || !s) return "–";
  return `${pass ? "PASS" : "FAIL"}${s.p90 >= target ? "!" : ""}`;
}

export function layoutLines(s: SeedSummary): string[] {
  const single = s.toolCalls - s.bothCalls;
  return [
    `Layout: ${int(s.toolCalls)} tool calls × ${s.criteria.length} criteria = ${int(s.pairs)} evaluations (call × criterion) in ${int(s.transcripts)} transcripts (${int(s.messages)} messages)`,
    `  ${int(s.bothCalls)} calls (${int(s.bothPairs)} evaluations) judged in both modes: an immediate and a hindsight row each;`,
    `  ${int(single)} calls (${int(s.pairs - s.bothPairs)} evaluations) judged once ("auto": hindsight, immediate for the ${int(s.callsWithoutResponse)} calls without a response overall)`,
    `  Evaluation rows: ${int(s.evaluationRows)} (immediate ${int(s.rowsByMode.immediate)}, hindsight ${int(s.rowsByMode.hindsight)}); ` +
      `done ${int(s.rowsByStatus.done)}, not applicable ${int(s.rowsByStatus.notApplicable)}, error ${int(s.rowsByStatus.error)}; cached ${int(s.cached)}`,
    `  CallComparison rows: ${int(s.comparisons)} (${int(s.flippedComparisons)} flipped, on ${int(s.expected.changedCalls)} calls); run mode "both", status done, judge checks`,
    `  Criteria: ${s.criteria.map((c, i) => `c${i + 1} ${c.scale}`).join(", ")}; database ${(s.databaseBytes / 1024 / 1024).toFixed(1)} MB, seeded in ${(s.milliseconds / 1000).toFixed(1)} s`,
  ];
}

export function resultTable(results: CaseResult[], repeat: number): string[] {
  const header = ["case", "server TTFB", "server total", "1st", `< ${TARGET_SERVER_MS} ms`, "browser TTFB", "table rendered", "1st", "< 1 s", "shown (expected)"];
  const rows = results.map((r) => [
    r.bench.label,
    pair(r.server.ttfb),
    pair(r.server.total),
    ms(r.server.total.first),
    verdict(r.serverPass, r.server.total, TARGET_SERVER_MS),
    r.browser ? pair(r.browser.responseStart) : "–",
    r.browser ? pair(r.browser.rendered) : "–",
    r.browser ? ms(r.browser.rendered.first) : "–",
    verdict(r.browserPass, r.browser?.rendered, TARGET_BROWSER_MS),
    `${r.server.shown === null ? "?" : int(r.server.shown)}${r.checkOk ? "" : ` ≠ ${int(r.bench.expect.value)}`} ${r.bench.expect.what}`,
  ]);
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((row) => row[c].length)));
  const line = (row: string[]) => row.map((cell, c) => (c === 0 || c === row.length - 1 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ").trimEnd();
  return [
    line(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map(line),
    `(ms, median / p90 of ${repeat} after 1 warm-up; "1st" is that warm-up. PASS/FAIL on the median, and at the server on the 1st too; "!" = the p90 is over the target too.`,
    " server: Node fetch, TTFB = first body byte, total = last byte of the HTML. browser: fresh tab in one Chromium context; TTFB = Navigation",
    " Timing responseStart; table rendered = navigation start → the first animation frame in which the table (\"Tool calls in this run\", or",
    " \"Results at a glance\" on the tool-call page) has a layout box, seen by a script in the page.)",
  ];
}

/** Where the browser's time goes: to the first byte, the first paint, the table, and the parsed document. */
export function browserBreakdown(results: CaseResult[]): string[] {
  const header = ["case", "TTFB", "first paint", "table rendered", "DOMContentLoaded", "long tasks", "locator visible", "rows"];
  const rows = results.flatMap((r) => {
    const b = r.browser;
    if (!b) return [];
    return [[r.bench.label, ms(b.responseStart.median), ms(b.firstPaint.median), ms(b.rendered.median), ms(b.domContentLoaded.median), ms(b.longTasks.median), ms(b.visible.median), String(b.rows)]];
  });
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((row) => row[c].length)));
  const line = (row: string[]) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ").trimEnd();
  return [
    "",
    "Browser, medians in ms from navigation start (long tasks: their total up to DOMContentLoaded; locator visible: goto → Playwright's",
    "locator sees the table, the measure of earlier runs, which polls every 500 ms after the first 270 ms):",
    line(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map(line),
  ];
}
