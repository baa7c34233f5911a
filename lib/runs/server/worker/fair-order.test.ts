import { describe, expect, it } from "vitest";
import { fairOrder } from "./fair-order";

describe("fairOrder", () => {
  const runs = [
    { id: "monitor-old", monitored: 1 },
    { id: "person-a", monitored: 0 },
    { id: "person-b", monitored: false },
    { id: "monitor-new", monitored: true },
  ];

  it("keeps each kind oldest first and lets the kinds take turns going first", () => {
    expect(fairOrder(runs, false).map((run) => run.id)).toEqual(["person-a", "person-b", "monitor-old", "monitor-new"]);
    expect(fairOrder(runs, true).map((run) => run.id)).toEqual(["monitor-old", "monitor-new", "person-a", "person-b"]);
  });

  it("alternates by itself from one claim to the next", () => {
    const firsts = [fairOrder(runs)[0].id, fairOrder(runs)[0].id];
    expect(new Set(firsts)).toEqual(new Set(["person-a", "monitor-old"]));
  });
});
