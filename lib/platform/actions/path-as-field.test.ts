import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/platform/errors/app-error";
import { fieldOfPath, withPathAsField } from "./path-as-field";

describe("a request's path as a form field", () => {
  it("turns indexes into dotted segments", () => {
    expect(fieldOfPath("alert[0].criterion")).toBe("alert.0.criterion");
    expect(fieldOfPath("criteria[12]")).toBe("criteria.12");
    expect(fieldOfPath("judge")).toBe("judge");
  });

  it("puts a refusal's path beside its field, and lets everything else through as it was", async () => {
    await expect(withPathAsField(async () => { throw new AppError("unknown-criteria", "no such criterion", { path: "alert[1].criterion" }); })).rejects.toMatchObject({ code: "unknown-criteria", message: "no such criterion", details: { field: "alert.1.criterion" } });
    const other = new AppError("forbidden", "no", { field: "name" });
    await expect(withPathAsField(async () => { throw other; })).rejects.toBe(other);
    const bug = new TypeError("bug");
    await expect(withPathAsField(async () => { throw bug; })).rejects.toBe(bug);
    expect(await withPathAsField(async () => 3)).toBe(3);
  });
});
