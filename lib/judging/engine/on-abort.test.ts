import { describe, expect, it } from "vitest";
import { onAbort } from "./on-abort";

describe("onAbort", () => {
  it("calls each remembered callback once when the signal aborts, and none it was told to forget", () => {
    const controller = new AbortController();
    const calls: string[] = [];
    onAbort(controller.signal, () => calls.push("a"));
    const forgetB = onAbort(controller.signal, () => calls.push("b"));
    onAbort(controller.signal, () => calls.push("c"));
    forgetB();
    controller.abort();
    controller.abort();
    expect(calls).toEqual(["a", "c"]);
  });

  it("keeps the callbacks of different signals apart", () => {
    const first = new AbortController();
    const second = new AbortController();
    const calls: string[] = [];
    onAbort(first.signal, () => calls.push("first"));
    onAbort(second.signal, () => calls.push("second"));
    second.abort();
    expect(calls).toEqual(["second"]);
  });
});
