import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { collectStartUpGarbage } from "./collect-start-up-garbage";

describe("collecting start-up's garbage", () => {
  it("runs V8's full collection and leaves no `gc` for other code", async () => {
    // A WeakRef's target goes only with a collection, and not in the turn that made the WeakRef.
    const ref = new WeakRef({ payload: new Array(10_000).fill(0) });
    await new Promise((resolve) => setTimeout(resolve, 0));

    const milliseconds = collectStartUpGarbage();

    expect(milliseconds).toBeGreaterThanOrEqual(0);
    expect(ref.deref()).toBeUndefined();
    expect(vm.runInNewContext("typeof gc")).toBe("undefined");
  });
});
