import { describe, expect, it } from "vitest";
import { alertPayload, nextAlertState, retryDelayMs } from "./alerts";

describe("alert rules", () => {
  const below = { direction: "below" as const, threshold: 0.9 };

  it("fires once when the value crosses, and resolves once when it comes back", () => {
    expect(nextAlertState({ ...below, state: "ok" }, 0.5)).toEqual({ state: "firing", transition: "firing" });
    expect(nextAlertState({ ...below, state: "firing" }, 0.4)).toEqual({ state: "firing", transition: null });
    expect(nextAlertState({ ...below, state: "firing" }, 0.95)).toEqual({ state: "ok", transition: "resolved" });
    expect(nextAlertState({ ...below, state: "ok" }, 0.9)).toEqual({ state: "ok", transition: null });
    expect(nextAlertState({ direction: "above", threshold: 0.2, state: "ok" }, 0.3)).toEqual({ state: "firing", transition: "firing" });
  });

  it("changes nothing when nothing was judged in the window", () => {
    expect(nextAlertState({ ...below, state: "firing" }, null)).toEqual({ state: "firing", transition: null });
  });

  it("posts the fields a program reads and a text a chat shows", () => {
    const payload = alertPayload({
      monitor: { id: "m1", name: "weather agent in production" },
      criterion: { id: "c1", text: "Tool call fails if the tool returned an error" },
      measure: "pass rate",
      direction: "below",
      value: 0.5,
      threshold: 0.9,
      window: { calls: 10 },
      judged: 10,
      state: "firing",
      link: "http://localhost:3000/runs/r1?criterion=c1&verdict=fail",
      at: new Date("2026-11-29T12:00:00Z"),
    });
    expect(payload).toMatchObject({ monitor: { name: "weather agent in production" }, value: 0.5, threshold: 0.9, window: 10, state: "firing" });
    expect(payload.text).toContain('monitor "weather agent in production"');
    expect(payload.text).toContain("pass rate 50.0% over the last 10 judged results (10 judged); fires below 90.0%");
    expect(payload.text).toContain("http://localhost:3000/runs/r1?criterion=c1&verdict=fail");
  });

  it("waits longer after each failed post", () => {
    const none = () => 0;
    expect([1, 2, 3, 10].map((attempts) => retryDelayMs(attempts, none))).toEqual([2_000, 4_000, 8_000, 1_024_000]);
  });
});
