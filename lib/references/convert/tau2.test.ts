import { describe, expect, it } from "vitest";
import { referenceFromActions, type Tau2Action } from "./tau2";

type Args = Record<string, unknown>;
const action = (name: string, args: Args, extra: Partial<Tau2Action<Args>> = {}): Tau2Action<Args> => ({ action_id: `${name}_0`, requestor: "assistant", name, arguments: args, compare_args: null, ...extra });

describe("referenceFromActions (tau2's ground-truth actions as expected calls)", () => {
  const actions = [action("get_user", { user_id: "u1" }), action("toggle_airplane_mode", {}, { requestor: "user" }), action("cancel", { reservation_id: "R1" }), action("transfer", { summary: "s" }, { compare_args: [] })];
  const { reference, actionIds, userActions } = referenceFromActions(actions, ["get_user", "transfer"]);

  it("gives a step per agent action in order, free tools' actions optional, compare_args as compare", () => {
    expect(userActions).toBe(1);
    expect(actionIds).toEqual(["get_user_0", "cancel_0", "transfer_0"]);
    expect(reference.steps).toEqual([
      { calls: [{ name: "get_user", args: { user_id: "u1" }, optional: true }] },
      { calls: [{ name: "cancel", args: { reservation_id: "R1" } }] },
      { calls: [{ name: "transfer", args: { summary: "s" }, compare: [], optional: true }] },
    ]);
    expect(reference.match).toEqual({ preset: null, trajectory: "unordered", args: "subset", strings: "exact", numbers: "value", free_tools: ["get_user", "transfer"] });
  });

  it("rejects an action without a name and compare_args that is not a list of names", () => {
    expect(() => referenceFromActions([action("x", {}, { compare_args: "a" })], [])).toThrow(/compare_args/);
    expect(() => referenceFromActions([{ action_id: "a1", arguments: {} }], [])).toThrow(/has no name/);
  });
});
