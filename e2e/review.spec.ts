import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/admin-page";
import { createMember, type Member } from "./fixtures/accounts";
import { ADMIN } from "./fixtures/credentials";
import { pressKey } from "./fixtures/keys";

const DEMO_RUN = "Demo: built-in checks, immediate and hindsight";

// No retries: the first test asserts a database without queues, which a failed attempt has already changed.
test.describe.configure({ mode: "serial", retries: 0 });

/** Filled by the first test: the two queues the others work in. */
const queues = { binary: "", scored: "" };
let reviewer: Member | null = null;

/** Serial mode skips later tests when an earlier one fails; if it passed, its reviewer must be there. */
function reviewerFromEarlierTest(): Member {
  if (!reviewer) throw new Error("The reviewer invited by the earlier test is missing.");
  return reviewer;
}

test.afterAll(async () => {
  await reviewer?.close();
});

/** The build form with the demo run picked, as a run page's "Review" link (?runId=) opens it. */
async function openBuildForm(page: Page, runName = DEMO_RUN): Promise<Locator> {
  await page.goto("/review");
  await page.getByRole("link", { name: "Build a queue" }).first().click();
  const form = page.getByRole("form", { name: "Build a review queue" });
  const run = form.getByLabel("Run");
  const value = await run.locator("option", { hasText: runName }).getAttribute("value");
  await run.selectOption(value ?? "");
  await expect(page).toHaveURL(/\/review\/new\?runId=/);
  await expect(form.getByText("Narrow it down")).toBeVisible();
  return form;
}

/** Ticks the first criterion of the run whose text starts with one of `prefixes`, and returns its text. */
async function narrowToCriterion(form: Locator, prefixes: RegExp): Promise<string> {
  await form.getByText("Narrow it down").click();
  const box = form.getByRole("group", { name: "Criteria" }).getByRole("checkbox", { name: prefixes }).first();
  await box.check();
  return (await box.locator("xpath=..").textContent())?.trim() ?? "";
}

async function buildQueue(page: Page, name: string, prefixes: RegExp): Promise<string> {
  const form = await openBuildForm(page);
  await narrowToCriterion(form, prefixes);
  await form.getByLabel("Queue name").fill(name);
  await form.getByRole("button", { name: "Build queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname;
}

const history = (page: Page) => page.getByRole("list", { name: "History" });
const verdictLine = (page: Page) => page.getByTestId("human-verdict");
const message = (page: Page) => page.getByTestId("review-message");

test("an admin builds queues from a run; bad filters are refused and nothing is queued twice", async ({ page }) => {
  test.setTimeout(90_000);
  const form = await openBuildForm(page);

  // No reason at all: refused, with the reason named, and the page stays on the form.
  await form.getByLabel("its verdict is fail").uncheck();
  await form.getByLabel(/its score is below/).uncheck();
  await form.getByLabel(/its verdict changed/).uncheck();
  await form.getByRole("button", { name: "Build queue" }).click();
  await expect(form.getByRole("alert").first()).toContainText("Choose at least one reason");
  await expect(page).toHaveURL(/\/review\/new/);

  // A threshold outside 0..1: refused beside the field.
  await form.getByLabel(/its score is below/).check();
  await form.getByLabel("Score threshold").fill("2");
  await form.getByRole("button", { name: "Build queue" }).click();
  await expect(form.getByRole("alert").first()).toContainText("The score threshold must be from 0 to 1.");
  await expect(form.getByLabel("Score threshold")).toHaveAttribute("aria-invalid", "true");

  // Neither attempt made a queue.
  await page.goto("/review");
  await expect(page.getByRole("table", { name: "Review queues" })).toHaveCount(0);

  queues.binary = await buildQueue(page, "E2E pass-fail queue", /^Tool call (passes|fails) if/);
  await expect(page.getByRole("table", { name: "Queue items" }).getByRole("row")).not.toHaveCount(1);
  queues.scored = await buildQueue(page, "E2E scored queue", /^(Reward|Penalize) tool calls/);

  // The same filter again finds only results already queued: nothing is added twice.
  const again = await openBuildForm(page);
  await narrowToCriterion(again, /^Tool call (passes|fails) if/);
  await again.getByRole("button", { name: "Build queue" }).click();
  await expect(again.getByRole("alert")).toContainText(/already/i);
  // …and says where they are.
  await again.getByRole("link", { name: "Open the queue that holds them" }).click();
  await expect(page).toHaveURL(new RegExp(`${queues.binary}$`));
  await page.goto("/review");
  await expect(page.getByRole("table", { name: "Review queues" }).getByRole("row")).toHaveCount(3);
});

test("a queue is a capped sample, one item per call × criterion with both modes' verdicts", async ({ page }) => {
  test.setTimeout(120_000);
  // A run of its own, so the sample does not depend on what the other tests queued.
  await page.goto("/runs/new");
  const run = page.getByRole("form", { name: "New run" });
  await run.getByLabel("Name").fill("E2E sampled run");
  await run.getByLabel("Reward tool calls that select appropriate tools and provide accurate parameters").check();
  await run.getByLabel("Tool call passes if every identifier in its arguments comes from the user or from an earlier tool result").check();
  await run.getByLabel(/^Both/).check();
  await run.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/runs\/(?!new$)[^/?]+$/);
  const runId = new URL(page.url()).pathname.split("/").pop() ?? "";
  await expect
    .poll(async () => ((await (await page.request.get(`/api/runs/${runId}/progress`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe("done");

  const form = await openBuildForm(page, "E2E sampled run");
  await form.getByLabel("A sample stratified by criterion, tool and verdict").check();
  await form.getByLabel("Queue size cap").fill("2");
  await form.getByLabel("Queue name").fill("E2E sample");
  await form.getByRole("button", { name: "Build queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E sample" })).toBeVisible();
  const rows = page.getByRole("table", { name: "Queue items" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  // An item is a call × criterion: the judge's immediate and hindsight verdicts, with their
  // explanations, open the review panel, in view without scrolling on a laptop's screen.
  await page.setViewportSize({ width: 1440, height: 900 });
  await rows.first().getByRole("link").first().click();
  const reviewed = page.getByRole("complementary", { name: "Review panel" }).getByTestId("reviewed-criterion");
  await expect(reviewed.getByRole("article", { name: "Immediate result" })).toBeVisible();
  await expect(reviewed.getByRole("article", { name: "Hindsight result" })).toBeVisible();
  await expect(reviewed.getByTestId("explanation-immediate")).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("an admin edits the label set; bad names are refused", async ({ page }) => {
  await page.goto("/review/labels");
  const form = page.getByRole("form", { name: "New label" });
  await form.getByRole("button", { name: "Add label" }).click();
  await expect(form.getByRole("alert")).toHaveText("Give the label a name.");
  await form.getByLabel("Name").fill("x".repeat(41));
  await form.getByRole("button", { name: "Add label" }).click();
  await expect(form.getByRole("alert")).toHaveText("A label name is at most 40 characters.");
  await form.getByLabel("Name").fill("Wrong Tool");
  await form.getByRole("button", { name: "Add label" }).click();
  await expect(form.getByRole("alert")).toContainText("already exists");

  await form.getByLabel("Name").fill("unit mix-up");
  await form.getByLabel("Description").fill("Metres for feet, Celsius for Fahrenheit.");
  await form.getByRole("button", { name: "Add label" }).click();
  const labels = page.getByRole("list", { name: "Labels" });
  await expect(labels.getByRole("listitem", { name: "unit mix-up" })).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("");

  const item = labels.getByRole("listitem", { name: "unit mix-up" });
  await item.getByRole("button", { name: "Rename" }).click();
  const rename = item.getByRole("form", { name: "Rename unit mix-up" });
  await rename.getByLabel("Name").fill("");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(rename.getByRole("alert")).toHaveText("Give the label a name.");
  await rename.getByLabel("Name").fill("unit mismatch");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(labels.getByRole("listitem", { name: "unit mismatch" })).toBeVisible();
});

test("an invited reviewer works through a queue with the keyboard, disagrees and comments", async ({ browser }) => {
  test.setTimeout(120_000);
  reviewer = await createMember(browser, "reviewer");
  const page = reviewer.page;
  await page.goto(queues.binary);
  await page.getByRole("link", { name: "Start reviewing" }).click();
  const position = page.getByTestId("item-position");
  await expect(position).toHaveText(/^Item 1 of \d+ in the queue$/);

  // Opening an item claims it; the page says until when, and the history says who.
  await expect(page.getByTestId("lock-state")).toContainText("You are working on this item until");
  await expect(history(page)).toContainText(`${reviewer.name} claimed it`);

  // The shortcut list is on the page; ? shows all of it.
  await expect(page.getByRole("heading", { name: "Keyboard shortcuts" })).toBeVisible();
  await pressKey(page, "?");
  await expect(page.getByRole("term").filter({ hasText: /^x$/ })).toBeVisible();

  // a agrees; x marks done and opens the next item.
  await pressKey(page, "a");
  await expect(verdictLine(page)).toContainText("Human: agrees with the judge");
  await expect(history(page)).toContainText(`${reviewer.name} agreed with the judge`);
  const first = page.url();
  await pressKey(page, "x");
  await expect(position).toHaveText(/^Item 2 of \d+ in the queue$/);
  await pressKey(page, "k");
  await expect(page).toHaveURL(first);
  await expect(page.getByTestId("review-status")).toHaveText("Done");
  await pressKey(page, "j");
  await expect(position).toHaveText(/^Item 2 of /);

  // s leaves it for discussion, and x then moves on: a discussed item stays in review, never done.
  await pressKey(page, "s");
  await expect(page.getByRole("button", { name: /^Leave for discussion and next/ })).toBeVisible();
  await pressKey(page, "x");
  await expect(position).toHaveText(/^Item 3 of /);
  await pressKey(page, "k");
  await expect(position).toHaveText(/^Item 2 of /);
  await expect(page.getByTestId("review-status")).toHaveText(/in review/i);

  // d opens the correction with the other verdict chosen and focused; Enter saves it.
  await pressKey(page, "d");
  const correction = page.getByRole("form", { name: "Correct verdict" });
  const proposed = correction.getByRole("radio", { checked: true });
  await expect(proposed).toBeFocused();
  const corrected = (await proposed.getAttribute("value")) ?? "";
  await pressKey(page, "Enter");
  await expect(correction).toHaveCount(0);
  await expect(verdictLine(page)).toContainText("Human: disagrees");
  await expect(verdictLine(page)).toContainText(`human: ${corrected}`);
  await expect(history(page)).toContainText(`should be ${corrected}`);

  // c focuses the comment; letters typed there are text, not shortcuts.
  await pressKey(page, "c");
  const comment = page.getByRole("textbox", { name: "New comment" });
  await expect(comment).toBeFocused();
  const here = page.url();
  await page.keyboard.type("The judge missed the id from the tool reply; j and k stay text here.");
  expect(page.url()).toBe(here);
  await pressKey(page, "Control+Enter");
  const thread = page.getByRole("list", { name: "Comment threads" });
  await expect(thread.getByRole("article", { name: `Comment by ${reviewer.name}` })).toContainText("The judge missed the id");
  await expect(comment).toHaveValue("");
  await expect(history(page)).toContainText(`${reviewer.name} commented`);

  // An empty comment is refused and adds nothing; Escape leaves the field so keys work again.
  await pressKey(page, "Control+Enter");
  await expect(page.getByRole("form", { name: "New comment" }).getByRole("alert")).toHaveText("Write a comment first.");
  await expect(thread.getByRole("article")).toHaveCount(1);
  // A 1 MB paste gets the field's limit before anything is sent (past 1 MB the action would be refused whole).
  await comment.fill("x".repeat(1024 * 1024));
  await pressKey(page, "Control+Enter");
  await expect(page.getByRole("form", { name: "New comment" }).getByRole("alert")).toHaveText("A comment is at most 5,000 characters.");
  await expect(thread.getByRole("article")).toHaveCount(1);
  await comment.fill("");
  await pressKey(page, "Escape");
  await expect(comment).not.toBeFocused();

  // The author edits their comment; it says so.
  await thread.getByRole("button", { name: "Edit" }).click();
  const edit = thread.getByRole("textbox", { name: "Edit comment" });
  await edit.fill("The judge missed the id from the tool reply.");
  await thread.getByRole("button", { name: "Save" }).click();
  await expect(thread.getByRole("article")).toContainText("(edited)");
  await expect(history(page)).toContainText(`${reviewer.name} edited a comment`);

  // A label from the set, and the item assigned to oneself.
  await page.getByRole("combobox", { name: "Label", exact: true }).selectOption({ label: "unit mismatch" });
  await expect(history(page)).toContainText("labelled it “unit mismatch”");
  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByRole("combobox", { name: "Assignee" })).toHaveValue(/.+/);
  await expect(history(page)).toContainText(`${reviewer.name} assigned it to themselves`);

  // The queue lists the reviewer's items under "Assigned to me", and keeps the filter in the URL.
  await page.getByRole("link", { name: "Back to the list" }).click();
  await page.getByRole("combobox", { name: "Assignee" }).selectOption("me");
  await expect(page).toHaveURL(/assignee=me/);
  await expect(page.getByRole("table", { name: "Queue items" }).getByRole("row")).toHaveCount(2);
  await page.getByRole("table", { name: "Queue items" }).getByRole("link").first().click();
  await expect(page.getByTestId("item-position")).toHaveText(/^1 of 1 in this filtered list · item \d+ of the queue$/);
});

test("a scored item takes a score as the correction; an out-of-range score is refused and changes nothing", async () => {
  const page = reviewerFromEarlierTest().page;
  await page.goto(queues.scored);
  await page.getByRole("link", { name: "Start reviewing" }).click();
  await expect(page.getByTestId("lock-state")).toContainText("You are working on this item until");
  await pressKey(page, "d");
  const score = page.getByRole("spinbutton", { name: /The correct score/ });
  await expect(score).toBeFocused();
  await page.keyboard.type("1.5");
  await pressKey(page, "Enter");
  await expect(page.getByRole("form", { name: "Correct verdict" }).getByRole("alert")).toHaveText("The corrected score must be from 0 to 1.");
  await expect(verdictLine(page)).toContainText("No verdict yet");
  await score.fill("0.95");
  await pressKey(page, "Enter");
  await expect(verdictLine(page)).toContainText("human: 0.95 (pass)");
  // x after a settled verdict: done, and on to the next item.
  await pressKey(page, "x");
  await expect(page.getByTestId("item-position")).toHaveText(/^Item 2 of /);
});

test("another member sees who holds an item and until when, and cannot change it until it is released", async ({ page }) => {
  const { page: held, name: reviewerName } = reviewerFromEarlierTest();
  // The reviewer's page is open on an item of the scored queue: the admin opens the same one.
  await expect(held.getByTestId("lock-state")).toContainText("You are working on this item until");
  await page.goto(new URL(held.url()).pathname);
  await expect(page.getByTestId("lock-state")).toContainText(`${reviewerName} is working on this item until`);
  await expect(page.getByRole("button", { name: /^Agree/ })).toBeDisabled();
  // The key still asks the server, which refuses while the lock lives.
  await pressKey(page, "a");
  await expect(message(page)).toContainText(`${reviewerName} is working on this item until`);
  await expect(verdictLine(page)).toContainText("No verdict yet");
  await expect(history(page)).not.toContainText(`${ADMIN.name} agreed`);

  // Released, the item is the admin's to take.
  await held.getByRole("button", { name: "Release" }).click();
  await expect(history(held)).toContainText(`${reviewerName} released it`);
  await page.reload();
  await expect(page.getByTestId("lock-state")).toContainText("You are working on this item until");
});

test("a viewer can read the queue but the server refuses every change", async ({ browser }) => {
  test.setTimeout(90_000);
  const viewer = await createMember(browser, "viewer");
  const page = viewer.page;
  try {
    await page.goto("/review");
    await expect(page.getByRole("table", { name: "Review queues" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Build a queue" })).toHaveCount(0);
    const forbidden = await page.goto("/review/new");
    expect(forbidden?.status()).toBe(403);

    await page.goto(queues.binary);
    await page.getByRole("table", { name: "Queue items" }).getByRole("link").first().click();
    await expect(page.getByTestId("lock-state")).toContainText("Nobody is working on this item.");
    await expect(page.getByRole("button", { name: "Work on it" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Agree/ })).toBeDisabled();
    await expect(page.getByRole("textbox", { name: "New comment" })).toHaveCount(0);
    const before = await verdictLine(page).textContent();

    // The keys reach the server, which answers with the role's refusal.
    await pressKey(page, "s");
    await expect(message(page)).toHaveText("Your role (viewer) does not allow this. Ask an admin if you need it.");
    await pressKey(page, "x");
    await expect(message(page)).toHaveText("Your role (viewer) does not allow this. Ask an admin if you need it.");
    await page.reload();
    expect(await verdictLine(page).textContent()).toBe(before);
    await expect(history(page)).not.toContainText(viewer.name);

    await page.goto("/review/labels");
    await expect(page.getByRole("form", { name: "New label" })).toHaveCount(0);
    await expect(page.getByText("Only admins can change labels.")).toBeVisible();
  } finally {
    await viewer.close();
  }
});

test("agent-level results are queued, reviewed and counted like call results, and the run page's filters narrow them", async ({ page }) => {
  test.setTimeout(150_000);
  const criterion = "Agent passes if it recovers from every tool error";
  await page.goto("/criteria");
  const criteriaForm = page.getByRole("form", { name: "New criterion" });
  await criteriaForm.getByLabel("Criterion").fill(criterion);
  await expect(criteriaForm.getByText("Agent · per transcript")).toBeVisible();
  await criteriaForm.getByRole("button", { name: "Add criterion" }).click();
  await expect(criteriaForm.getByRole("status")).toHaveText("Criterion added.");

  await page.goto("/runs/new");
  const run = page.getByRole("form", { name: "New run" });
  await run.getByLabel("Name").fill("E2E agent review run");
  await run.getByLabel(criterion).check();
  await run.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/runs\/(?!new$)[^/?]+$/);
  const runPath = new URL(page.url()).pathname;
  const runId = runPath.split("/").pop() ?? "";
  await expect
    .poll(async () => ((await (await page.request.get(`/api/runs/${runId}/progress`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe("done");

  // The run page's verdict filter narrows the agent-level results too, and the section says which filters apply.
  await page.goto(`${runPath}?verdict=fail`);
  const section = page.getByRole("region", { name: "Agent-level results" });
  await expect(section.getByTestId("agent-filters-note")).toContainText("apply to tool calls only");
  await expect(section.getByTestId("agent-filters-applied")).toContainText(/^\d+ of \d+ match the verdict filter\.$/);
  const failing = section.getByRole("table", { name: "Agent-level results", exact: true }).locator("tbody tr");
  await expect(failing.first()).toContainText("fail");
  const failCount = await failing.count();
  expect(failCount).toBeGreaterThan(0);
  await page.goto(`${runPath}?verdict=pass`);
  await expect(section.getByRole("table", { name: "Agent-level results", exact: true }).locator("tbody tr").first()).not.toContainText("fail");

  // A queue of the run's agent-level results only.
  const form = await openBuildForm(page, "E2E agent review run");
  await form.getByText("Narrow it down").click();
  await form.getByRole("group", { name: "Results" }).getByLabel("Agent-level").check();
  await form.getByLabel("Queue name").fill("E2E agent queue");
  await form.getByRole("button", { name: "Build queue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E agent queue" })).toBeVisible();
  const rows = page.getByRole("table", { name: "Queue items" }).locator("tbody tr");
  await expect(rows).toHaveCount(failCount);
  await expect(rows.first()).toContainText("Whole transcript");
  await expect(rows.first()).toContainText("agent-level");

  // The item: the judge's verdict, explanation and evidence on the transcript, then the transcript.
  await page.getByRole("link", { name: "Start reviewing" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Whole transcript");
  const verdict = page.getByRole("region", { name: "The judge on the whole transcript" });
  await expect(verdict).toContainText(criterion);
  await expect(verdict.getByTestId("agent-explanation")).not.toBeEmpty();
  await expect(page.getByRole("region", { name: /^The transcript \(\d+ messages?\)$/ })).toBeVisible();
  await expect(page.getByTestId("judged-result")).toContainText("Judge, whole transcript:");
  await expect(page.getByTestId("lock-state")).toContainText("You are working on this item until");

  // Disputed: the judge said fail, the reviewer says pass; then a comment.
  await pressKey(page, "d");
  const correction = page.getByRole("form", { name: "Correct verdict" });
  await expect(correction.getByRole("radio", { checked: true })).toHaveAttribute("value", "pass");
  await pressKey(page, "Enter");
  await expect(verdictLine(page)).toContainText("Human: disagrees");
  await expect(history(page)).toContainText("should be pass");
  await pressKey(page, "c");
  await page.keyboard.type("It retried the failed lookup and got there.");
  await pressKey(page, "Control+Enter");
  await expect(page.getByRole("list", { name: "Comment threads" }).getByRole("article", { name: `Comment by ${ADMIN.name}` })).toContainText("It retried the failed lookup");
  await expect(history(page)).toContainText(`${ADMIN.name} commented`);

  // Next item (when there is one): confirmed. Escape leaves the comment field, so keys are shortcuts again.
  await pressKey(page, "Escape");
  if (failCount > 1) {
    await pressKey(page, "j");
    await expect(page.getByTestId("item-position")).toHaveText(/^Item 2 of /);
    await pressKey(page, "a");
    await expect(verdictLine(page)).toContainText("Human: agrees with the judge");
  }

  // Back on the run page: judge agreement counts the agent criterion, and the disputed result links to its item.
  await page.goto(`${runPath}?review=disputed`);
  await expect(page.getByTestId("judge-agreement")).toContainText(criterion);
  const disputed = section.getByRole("table", { name: "Agent-level results", exact: true }).locator("tbody tr");
  await expect(disputed).toHaveCount(1);
  await expect(disputed.getByTestId("agent-review-link")).toContainText("Review: in review, disagree");
});
