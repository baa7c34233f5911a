import { describe, expect, it } from "vitest";
import { CRITERION_TOO_LONG } from "@/lib/criteria/parse";
import { OVERSIZED_ACTION_REFUSAL } from "@/lib/platform/security/oversized-action";
import { refusedAsTooLong } from "./criterion-text-field";

describe("refusedAsTooLong (the criteria forms' answer to a failed action call)", () => {
  it("shows the text field's limit when the server refused the post as too large", () => {
    // What Next's client throws for proxy.ts's 413.
    expect(refusedAsTooLong(new Error(OVERSIZED_ACTION_REFUSAL))).toEqual({ ok: false, message: CRITERION_TOO_LONG, fieldErrors: { text: [CRITERION_TOO_LONG] } });
  });

  it("leaves any other failure to the page", () => {
    const failure = new Error("An unexpected response was received from the server.");
    expect(() => refusedAsTooLong(failure)).toThrow(failure);
  });
});
