import { describe, expect, it } from "vitest";
import type { JsonValue } from "@/lib/transcripts/types";
import { hitsOf, immediate, tool, toolCall } from "../test-fixtures/views";
import { luhnValid, sensitiveData } from "./sensitive-data";

const hits = (args: JsonValue) => hitsOf(sensitiveData, immediate({ user: "Pay", tools: [tool("pay", {})], calls: [toolCall("1", "pay", args)] }));

describe("sensitive-data", () => {
  it("checks card numbers with Luhn", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
  });

  it("flags a Luhn-valid card number, showing only its last digits", () => {
    const [hit] = hits({ card: "4111 1111 1111 1111" });
    expect(hit).toMatchObject({ path: "card", severity: "critical", evidence: "Luhn-valid 16-digit number ending 1111" });
  });

  it("flags key-shaped secrets and secret-named arguments, redacted", () => {
    const [key] = hits({ auth: "sk-proj-abcdefghijklmnopqrstuvwxyz123456" });
    expect(key.message).toContain("secret key");
    expect(key.evidence).not.toContain("abcdefghijklmnop");
    expect(hits({ password: "hunter22" })[0].message).toContain("passes a secret");
    expect(hits({ token: "AKIAABCDEFGHIJKLMNOP" })[0].message).toContain("AWS");
  });

  it("flags national ids and IBANs", () => {
    expect(hits({ ssn: "123-45-6789" })[0].message).toContain("social security");
    expect(hits({ account: "GB82 WEST 1234 5698 7654 32" })[0].message).toContain("IBAN");
  });

  it("accepts ordinary values", () => {
    expect(hits({ amount: 4111, order_id: "1234567890123", phone: "555-123-4567", note: "pay the invoice" })).toEqual([]);
  });
});
