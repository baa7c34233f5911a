import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/admin-page";
import { adminToken } from "./fixtures/api";
import { expectNoSeriousA11yViolationsUnfolded } from "./fixtures/axe";
import { CALL_CRITERIA, judgeFirstDay } from "./fixtures/first-day-run";
import { longTranscripts } from "./fixtures/long-transcripts";

/*
 * A new team's first day (issue 36): long multi-turn transcripts uploaded in the browser, judged on
 * seven tool-call and two agent-level criteria in both modes, then every page read as a team
 * reads it: the verdict first, no sideways scrolling, outcome beside the verdicts, and no serious
 * axe-core violation on pages this long (the demo data's are checked by e2e/accessibility.spec.ts).
 */
test.describe.configure({ mode: "serial" });

const COUNT = 12;
let runId = "";
let uploadId = "";

/** The page is exactly as wide as the window: nothing scrolls sideways but the boxes made to. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `page width at ${width} px on ${page.url()}` })
    .toBe(width)
    .catch(async (error: unknown) => {
      // Name what sticks out, so a failure says where to look.
      const wide = await page.evaluate((limit) => {
        const inScrollBox = (element: Element) => {
          for (let parent = element.parentElement; parent; parent = parent.parentElement) if (["auto", "scroll", "hidden"].includes(getComputedStyle(parent).overflowX)) return true;
          return false;
        };
        return [...document.body.querySelectorAll("*")]
          .filter((element) => element.getBoundingClientRect().right > limit + 1 && !inScrollBox(element))
          .slice(0, 8)
          .map((element) => `${element.tagName.toLowerCase()}.${String(element.getAttribute("class") ?? "").slice(0, 80)} right=${Math.round(element.getBoundingClientRect().right)}`);
      }, width);
      throw new Error(`${String(error)}\nWider than ${width} px:\n${wide.join("\n")}`);
    });
}

test("long transcripts are uploaded in the browser and judged on nine criteria in both modes", async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now()}`;
  await page.goto("/transcripts/upload");
  await page.getByLabel("Choose files").setInputFiles({ name: "first-day.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(longTranscripts(COUNT, tag)) });
  await expect(page.getByRole("listitem", { name: "Upload of first-day.jsonl" })).toContainText(`${COUNT} imported`);
  const view = page.getByRole("link", { name: `View the ${COUNT} imported transcripts` });
  uploadId = new URL((await view.getAttribute("href")) ?? "", "http://x").searchParams.get("upload") ?? "";
  expect(uploadId).not.toBe("");

  runId = await judgeFirstDay(request, uploadId, `First day ${tag}`);
});

test("the run page leads with the tool calls, links its charts, and never scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/runs/${runId}`);
  const calls = page.getByRole("table", { name: "Tool calls in this run" });
  await expect(calls.locator("tbody tr").first()).toBeVisible();
  await expectNoSidewaysScroll(page, 1440);
  // The tool-call table before the agent-level results, which are folded under their count.
  const agent = page.getByRole("region", { name: "Agent-level results" });
  expect((await calls.boundingBox())?.y ?? Infinity).toBeLessThan((await agent.boundingBox())?.y ?? -Infinity);
  await expect(agent.getByRole("table", { name: "Agent-level results", exact: true })).toBeHidden();
  await expectNoSeriousA11yViolationsUnfolded(page);
  // Each criterion's rate beside a small chart, and the charts a link away.
  const summary = page.getByRole("table", { name: "Results per criterion" });
  await expect(summary.getByTestId("verdict-mini-bar")).toHaveCount(CALL_CRITERIA.length * 2);
  await page.getByRole("navigation", { name: "Run tools" }).getByRole("link", { name: "Charts" }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}/charts$`));
  await expect(page.getByRole("img", { name: /^Pass rate by tool/ }).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 1440);
  await expectNoSeriousA11yViolationsUnfolded(page);

  // Grouped by task: ids in natural order, success rate and mean reward per group.
  await page.goto(`/runs/${runId}?group=task`);
  const byTask = page.getByRole("table", { name: "Results by task" });
  await expect(byTask.locator("tbody tr")).toHaveCount(COUNT);
  await expect(byTask.getByRole("columnheader", { name: "Success" })).toHaveCount(1);
  await expect(byTask.getByRole("columnheader", { name: "Mean reward" })).toHaveCount(1);
  await expect(byTask.locator("tbody tr", { has: page.getByRole("link", { name: "1", exact: true }) })).toContainText("0.00 of 1");
  await expect(byTask.locator("tbody tr", { has: page.getByRole("link", { name: "2", exact: true }) })).toContainText("1.00 of 1");
  await expectNoSidewaysScroll(page, 1440);

  // At phone width the header folds into a menu and the page still fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/runs/${runId}`);
  await expect(calls).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
});

test("the transcript page folds its long policy and carries each call's verdicts; the tool-call page opens with them", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/transcripts?upload=${uploadId}`);
  await page.getByRole("table", { name: "Transcripts" }).getByRole("link", { name: /01$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^First day .* 01$/ })).toBeVisible();
  await expectNoSidewaysScroll(page, 1440);
  // The 2,900-character policy shows its start; the rest is one click away.
  await expect(page.locator("#message-0").getByTestId("folded-text").getByText(/^Show all \(/)).toBeVisible();
  await expectNoSeriousA11yViolationsUnfolded(page);
  const chips = page.getByRole("list", { name: /^Verdicts from First day/ }).first();
  await expect(chips.getByRole("link").first()).toHaveAttribute("href", new RegExp(`^/runs/${runId}/calls/`));
  await chips.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: /^Call #\d+ · / })).toBeVisible();

  // The chip opened its criterion's result in the verdicts' column, which scrolls on its own.
  await expect(page).toHaveURL(/#criterion-/);
  // The verdicts before the conversation, and still in view at the bottom of a long one (from the page's and the column's top).
  const summary = page.getByTestId("verdict-summary");
  await summary.evaluate((element) => element.scrollTo(0, 0));
  await page.evaluate(() => window.scrollTo(0, 0));
  const firstMessage = page.locator('section[aria-labelledby="call-heading"] > :not(h2)').first();
  expect((await summary.boundingBox())?.y ?? Infinity).toBeLessThan((await firstMessage.boundingBox())?.y ?? -Infinity);
  await expect(summary.getByRole("article", { name: "Immediate result" }).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 1440);
  await expectNoSeriousA11yViolationsUnfolded(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(summary.getByRole("heading", { level: 2, name: /^Results/ })).toBeInViewport();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 390);
});

test("a review item opens with the judge's verdicts in both modes and their explanations in view", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/review/new?runId=${runId}`);
  const build = page.getByRole("form", { name: "Build a review queue" });
  await build.getByLabel("Queue name").fill(`First day review ${runId}`);
  await build.getByRole("button", { name: "Build queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `First day review ${runId}` })).toBeVisible();
  await expectNoSidewaysScroll(page, 1440);
  await expectNoSeriousA11yViolationsUnfolded(page);
  await page.getByRole("table", { name: "Queue items" }).locator("tbody tr").first().getByRole("link").first().click();
  const reviewed = page.getByRole("complementary", { name: "Review panel" }).getByTestId("reviewed-criterion");
  await expect(reviewed.getByRole("article", { name: "Immediate result" })).toBeVisible();
  await expect(reviewed.getByRole("article", { name: "Hindsight result" })).toBeVisible();
  await expect(reviewed.getByTestId("explanation-immediate")).toBeInViewport();
  await expectNoSidewaysScroll(page, 1440);
  await expectNoSeriousA11yViolationsUnfolded(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 390);
});

test("exports carry each transcript's outcome, and a pass for every scored result by the pages' threshold", async ({ request }) => {
  const exported = await request.get(`/api/runs/${runId}/export?format=jsonl`, { headers: { authorization: `Bearer ${adminToken()}` } });
  expect(exported.status()).toBe(200);
  const rows = (await exported.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(rows.length).toBeGreaterThan(COUNT * 6);
  for (const row of rows) {
    expect(row).toMatchObject({ task_id: expect.any(String), trial: "1", model: expect.stringMatching(/^agent-model-[ab]$/), reward: expect.any(Number), tags: expect.arrayContaining(["first-day"]) });
  }
  const scored = rows.filter((row) => typeof row.score === "number");
  expect(scored.length).toBeGreaterThan(0);
  for (const row of scored) expect(typeof row.passed === "boolean" && typeof row.passed_from === "string").toBe(true);
});
