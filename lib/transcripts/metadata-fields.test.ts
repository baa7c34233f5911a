import { describe, expect, it } from "vitest";
import { finiteNumber, looseBoolean, metadataFields, outcomeOf, SUCCESS_REWARD_THRESHOLD, tagList } from "./metadata-fields";

describe("metadataFields", () => {
  it("reads the usual keys of an evaluation harness", () => {
    expect(metadataFields({ task_id: "airline-12", trial: 2, reward: 1, model: "gpt-4o", tags: ["airline", "refund"] })).toEqual({
      model: "gpt-4o",
      taskId: "airline-12",
      trial: "2",
      tags: ["airline", "refund"],
      reward: 1,
      success: true,
      successFrom: "reward",
      service: null,
      promptVersion: null,
    });
  });

  it("matches keys whatever their case and separators", () => {
    expect(metadataFields({ TaskId: "a" }).taskId).toBe("a");
    expect(metadataFields({ "task-id": "b" }).taskId).toBe("b");
    expect(metadataFields({ instance_id: "django__django-11099" }).taskId).toBe("django__django-11099");
    expect(metadataFields({ Model_Name: "claude" }).model).toBe("claude");
    expect(metadataFields({ "gen_ai.request.model": "gpt-4.1" }).model).toBe("gpt-4.1");
    expect(metadataFields({ agent_model: "llama" }).model).toBe("llama");
  });

  it("prefers the most specific key: task_id over task", () => {
    expect(metadataFields({ task: "Book a flight", task_id: "t-7" }).taskId).toBe("t-7");
  });

  it("reads OpenTelemetry attributes that a trace copied into the metadata", () => {
    const fields = metadataFields({ source: "opentelemetry", attributes: { "gen_ai.request.model": "gpt-4o-mini", "task.id": "T1" } });
    expect(fields.model).toBe("gpt-4o-mini");
    expect(fields.taskId).toBe("T1");
  });

  it("reads the service a trace came from and the prompt version the metadata names", () => {
    // As lib/transcripts/otlp/assemble.ts writes a trace's metadata: `service`, and the resource attribute too.
    expect(metadataFields({ source: "opentelemetry", service: "weather-agent", attributes: { "service.name": "weather-agent" } }).service).toBe("weather-agent");
    expect(metadataFields({ attributes: { "service.name": "billing" } }).service).toBe("billing");
    expect(metadataFields({ prompt_version: "v3" }).promptVersion).toBe("v3");
    expect(metadataFields({ promptId: 12 }).promptVersion).toBe("12");
    expect(metadataFields({ "Prompt Version": " v4 " }).promptVersion).toBe("v4");
    expect(metadataFields({ prompt_version: { text: "…" }, service: ["a"] })).toMatchObject({ promptVersion: null, service: null });
  });

  it("takes a top-level key before a nested one", () => {
    expect(metadataFields({ model: "top", attributes: { model: "nested" } }).model).toBe("top");
  });

  it("reads a name or id from an object, and ignores objects that have neither", () => {
    expect(metadataFields({ model: { name: "gpt-4o", provider: "openai" } }).model).toBe("gpt-4o");
    expect(metadataFields({ task: { id: 42, prompt: "…" } }).taskId).toBe("42");
    expect(metadataFields({ model: { provider: "openai" } }).model).toBeNull();
    expect(metadataFields({ model: ["a", "b"] }).model).toBeNull();
  });

  it("turns numeric task ids and trials into text, and rejects what cannot be an id", () => {
    expect(metadataFields({ task_id: 12, trial: 0 })).toMatchObject({ taskId: "12", trial: "0" });
    expect(metadataFields({ task_id: Number.NaN, trial: true })).toMatchObject({ taskId: null, trial: null });
    expect(metadataFields({ task_id: "   " }).taskId).toBeNull();
  });

  it("cuts very long text and folds its whitespace", () => {
    expect(metadataFields({ model: "a\n  b" }).model).toBe("a b");
    expect(metadataFields({ task: "x".repeat(500) }).taskId).toHaveLength(200);
  });

  it("has nothing for missing or non-object metadata", () => {
    const none = { model: null, taskId: null, trial: null, tags: [], reward: null, success: null, successFrom: null, service: null, promptVersion: null };
    expect(metadataFields({})).toEqual(none);
    expect(metadataFields(null)).toEqual(none);
    expect(metadataFields(undefined)).toEqual(none);
    expect(metadataFields("gpt-4o")).toEqual(none);
    expect(metadataFields([{ model: "x" }])).toEqual(none);
  });

  it("reads a reward given as a numeric string", () => {
    expect(metadataFields({ reward: "1.0" })).toMatchObject({ reward: 1, success: true, successFrom: "reward" });
    expect(metadataFields({ reward: " 0.25 " })).toMatchObject({ reward: 0.25, success: false });
    expect(metadataFields({ reward: "high" })).toMatchObject({ reward: null, success: null });
    expect(metadataFields({ reward: { value: 1 } })).toMatchObject({ reward: null, success: null });
  });

  it("lets an explicit success flag win over the reward", () => {
    expect(metadataFields({ reward: 0.2, success: true })).toMatchObject({ reward: 0.2, success: true, successFrom: "metadata" });
    expect(metadataFields({ reward: 1, resolved: "no" })).toMatchObject({ success: false, successFrom: "metadata" });
  });

  it("ignores a success flag it cannot read and falls back on the reward", () => {
    expect(metadataFields({ success: "maybe", reward: 1 })).toMatchObject({ success: true, successFrom: "reward" });
    expect(metadataFields({ success: 2 })).toMatchObject({ success: null, successFrom: null });
  });
});

describe("outcomeOf", () => {
  it("counts a reward at the threshold as success and one below as failure", () => {
    expect(outcomeOf(SUCCESS_REWARD_THRESHOLD, null).success).toBe(true);
    expect(outcomeOf(SUCCESS_REWARD_THRESHOLD - 0.01, null).success).toBe(false);
    expect(outcomeOf(0, null).success).toBe(false);
    expect(outcomeOf(-1, null).success).toBe(false);
  });
});

describe("tagList", () => {
  it("reads lists and separated strings, trimmed and once each", () => {
    expect(tagList(["a", " b ", "a", "", 3, { x: 1 }, null])).toEqual(["a", "b", "3"]);
    expect(tagList("retail, refund;; hard ")).toEqual(["retail", "refund", "hard"]);
    expect(tagList(7)).toEqual([]);
    expect(tagList(undefined)).toEqual([]);
  });

  it("keeps at most 20 tags", () => {
    expect(tagList(Array.from({ length: 30 }, (_, i) => `t${i}`))).toHaveLength(20);
  });

  it("finds tags under `labels` when `tags` is empty", () => {
    expect(metadataFields({ tags: [], labels: "x,y" }).tags).toEqual(["x", "y"]);
  });
});

describe("finiteNumber and looseBoolean", () => {
  it("reads numbers strictly", () => {
    expect(finiteNumber("1e-3")).toBe(0.001);
    expect(finiteNumber(".5")).toBe(0.5);
    expect(finiteNumber("")).toBeNull();
    expect(finiteNumber("1,5")).toBeNull();
    expect(finiteNumber("Infinity")).toBeNull();
    expect(finiteNumber(Number.POSITIVE_INFINITY)).toBeNull();
    expect(finiteNumber(true)).toBeNull();
  });

  it("reads booleans from words and 0/1", () => {
    expect(looseBoolean("Yes")).toBe(true);
    expect(looseBoolean("FAILED")).toBe(false);
    expect(looseBoolean(1)).toBe(true);
    expect(looseBoolean(0)).toBe(false);
    expect(looseBoolean(0.5)).toBeNull();
    expect(looseBoolean("")).toBeNull();
  });
});
