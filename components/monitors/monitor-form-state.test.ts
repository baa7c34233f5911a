import { describe, expect, it } from "vitest";
import { createMonitorSchema } from "@/lib/monitors/schemas/monitor";
import { emptyMonitorForm, formStateOf, messagesUnder, metadataFilter, monitorRequest, type MonitorFormState } from "./monitor-form-state";

const filled: MonitorFormState = {
  ...emptyMonitorForm("checks"),
  name: "Refunds",
  criteria: ["c1"],
  typed: "Tool call fails if it refunds twice\n\n  ",
  sample: "0.5",
  source: "traces",
  service: " refund-agent ",
  tag: "prod",
  metadata: "tier = gold\nbeta=true\nversion = 3\ncode = \"7\"",
  alerts: [
    { criterion: "c1", direction: "below", threshold: "0.8", window: "20", webhook: "https://hooks.example/a" },
    { criterion: "Tool call fails if it refunds twice", direction: "above", threshold: "0.1", window: "1h", webhook: "https://hooks.example/b" },
  ],
  reviewPerDay: "25",
};

describe("the monitor form's request", () => {
  it("is the API's request: library criteria then typed ones, a filter of the fields given, rules by direction, a review feed", () => {
    expect(monitorRequest(filled)).toEqual({
      name: "Refunds",
      criteria: ["c1", "Tool call fails if it refunds twice"],
      judge: "checks",
      mode: "auto",
      sample: 0.5,
      filter: { source: "traces", service: "refund-agent", tag: "prod", metadata: { tier: "gold", beta: true, version: 3, code: "7" } },
      alert: [
        { criterion: "c1", below: 0.8, window: 20, webhook: "https://hooks.example/a" },
        { criterion: "Tool call fails if it refunds twice", above: 0.1, window: "1h", webhook: "https://hooks.example/b" },
      ],
      review: { perDay: 25 },
    });
    expect(createMonitorSchema.safeParse(monitorRequest(filled)).success).toBe(true);
  });

  it("leaves out what was not filled in, and sends a blank number for the server to name", () => {
    const request = monitorRequest({ ...emptyMonitorForm("checks"), name: "All", criteria: ["c1"], sample: "" });
    expect(request).toEqual({ name: "All", criteria: ["c1"], judge: "checks", mode: "auto", sample: Number.NaN, filter: { source: "all" } });
    const parsed = createMonitorSchema.safeParse(request);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."))).toEqual(["sample"]);
  });

  it("sends a metadata line without '=' for the server to refuse by its key", () => {
    expect(metadataFilter("region")).toEqual({ region: undefined });
    const parsed = createMonitorSchema.safeParse(monitorRequest({ ...emptyMonitorForm("checks"), name: "x", criteria: ["c1"], metadata: "region" }));
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."))).toEqual(["filter.metadata.region"]);
  });
});

describe("an existing monitor in the form", () => {
  it("fills every field, so that saving it unchanged sends the same monitor", () => {
    const state = formStateOf(
      {
        name: "Refunds",
        criteria: [{ id: "c1" }, { id: "c2" }],
        judge: "checks",
        mode: "hindsight",
        sample: 0.25,
        filter: { source: "api", model: "gpt-4.1", metadata: { code: "7", tier: "gold", beta: false } },
        alert: [{ criterion: { id: "c2" }, above: 0.1, window: "1h", webhook: "https://hooks.example/b" }],
        review: { perDay: 5 },
      },
      ["checks", "openai"],
    );
    expect(state).toMatchObject({ criteria: ["c1", "c2"], mode: "hindsight", sample: "0.25", source: "api", model: "gpt-4.1", metadata: 'code = "7"\ntier = gold\nbeta = false', reviewPerDay: "5" });
    expect(monitorRequest(state)).toMatchObject({ filter: { source: "api", model: "gpt-4.1", metadata: { code: "7", tier: "gold", beta: false } }, alert: [{ criterion: "c2", above: 0.1, window: "1h" }], review: { perDay: 5 } });
  });
});

describe("the server's messages for a field", () => {
  it("gathers those of the field and of the fields under it, once each", () => {
    const errors = { "alert.0.webhook": ["bad url"], "alert.0.below": ["a number"], "alert.1.webhook": ["bad url"], alerts: ["other"] };
    expect(messagesUnder(errors, "alert.0")).toEqual(["bad url", "a number"]);
    expect(messagesUnder(errors, "alert")).toEqual(["bad url", "a number"]);
    expect(messagesUnder(undefined, "name")).toEqual([]);
  });
});
