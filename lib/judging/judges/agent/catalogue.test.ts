import { describe, expect, it } from "vitest";
import { AGENT_CHECK_INFOS, describeAgentChecksPlan } from "./catalogue";
import { AGENT_CHECKS } from "./checks";

describe("agent check catalogue", () => {
  it("lists exactly the built-in agent checks, with their titles and topics", () => {
    expect(AGENT_CHECK_INFOS).toEqual(AGENT_CHECKS.map((check) => ({ id: check.id, title: check.title, topics: check.topics })));
  });

  it("names the checks an agent criterion is measured by, or says none measures it", () => {
    const plan = describeAgentChecksPlan("avoid redundant steps");
    expect(plan.measurable).toBe(true);
    expect(plan.checks.map((check) => check.id)).toEqual(["repeated-call"]);
    expect(plan.topics).toEqual(["efficient tool use"]);
    const none = describeAgentChecksPlan("write in a friendly tone");
    expect(none.measurable).toBe(false);
    expect(none.checks).toEqual([]);
    expect(none.summary).toContain("Built-in judge: not measured. Helpfulness and tone needs an LLM judge");
    const unmapped = describeAgentChecksPlan("dance the tango");
    expect(unmapped.measurable).toBe(false);
    expect(unmapped.summary).toContain("use an LLM judge");
  });
});
