import { describe, expect, it } from "vitest";
import { runViewSchema } from "@/lib/runs/schemas/run-view";
import { agentView } from "./agent-view";

const view = (input: Record<string, string>) => runViewSchema.parse(input);

describe("agentView", () => {
  it("applies nothing to an unfiltered view", () => {
    expect(agentView(view({}), ["a1"])).toMatchObject({ excluded: false, applied: [], ignored: [], criterionId: undefined });
  });

  it("keeps the metadata, verdict, score and review filters and names them", () => {
    const scoped = agentView(view({ verdict: "fail", min: "0.2", review: "disputed", model: "gpt-4.1", tag: "billing", outcome: "failure", task: "t-1" }), ["a1"]);
    expect(scoped).toMatchObject({ verdict: "fail", min: 0.2, review: "disputed", metadata: { model: "gpt-4.1", tag: "billing", outcome: "failure", task: "t-1" } });
    expect(scoped.applied).toEqual(["verdict", "score", "review", "model", "task", "tag", "outcome"]);
  });

  it("narrows to an agent criterion, and matches nothing for a call criterion", () => {
    expect(agentView(view({ criterion: "a1" }), ["a1", "a2"])).toMatchObject({ criterionId: "a1", excluded: false, applied: ["criterion"] });
    expect(agentView(view({ criterion: "c1", verdict: "pass" }), ["a1"])).toMatchObject({ criterionId: undefined, excluded: true, applied: ["criterion", "verdict"] });
  });

  it("lists the tool-call filters it leaves out", () => {
    expect(agentView(view({ tool: "search", mode: "hindsight", changed: "1", q: "refund" }), []).ignored).toEqual(["tool", "mode", "changed", "q"]);
  });
});
