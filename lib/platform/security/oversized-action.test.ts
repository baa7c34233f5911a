import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { ACTION_BODY_LIMIT_BYTES, isOversizedAction, isOversizedActionRefusal, OVERSIZED_ACTION_REFUSAL } from "./oversized-action";

const post = (headers: Record<string, string>) => ({ method: "POST", headers: new Headers(headers) });
const over = String(ACTION_BODY_LIMIT_BYTES + 1);

describe("isOversizedAction", () => {
  it("takes a server action whose body is over Next's limit, as a fetch or as a form post", () => {
    expect(isOversizedAction(post({ "next-action": "abc", "content-length": over }))).toBe(true);
    expect(isOversizedAction(post({ "next-action": "abc", "content-length": String(1024 * 1024 * 50) }))).toBe(true);
    expect(isOversizedAction(post({ "content-type": "multipart/form-data; boundary=x", "content-length": over }))).toBe(true);
  });

  it("leaves bodies at the limit, without a length, other methods and plain POSTs to Next", () => {
    expect(isOversizedAction(post({ "next-action": "abc", "content-length": String(ACTION_BODY_LIMIT_BYTES) }))).toBe(false);
    expect(isOversizedAction(post({ "next-action": "abc" }))).toBe(false);
    expect(isOversizedAction(post({ "next-action": "abc", "content-length": "lots" }))).toBe(false);
    expect(isOversizedAction({ method: "GET", headers: new Headers({ "next-action": "abc", "content-length": over }) })).toBe(false);
    expect(isOversizedAction(post({ "content-type": "application/json", "content-length": over }))).toBe(false);
  });
});

describe("proxy", () => {
  it("answers an oversized action with a 413 and a sentence in plain text, which Next's client hands to the form", async () => {
    // The 1 MB criterion of issue 31: the form posts it as the action's arguments.
    const body = JSON.stringify([null, `Reward tool calls that ${"x".repeat(1024 * 1024)}`]);
    const request = new NextRequest("http://localhost:3000/criteria", {
      method: "POST",
      headers: { "next-action": "7f".repeat(21), "content-type": "text/plain;charset=UTF-8", "content-length": String(Buffer.byteLength(body)), host: "localhost:3000", origin: "http://localhost:3000" },
      body,
    });
    const answer = proxy(request);
    expect(answer.status).toBe(413);
    // Exactly text/plain: with a charset Next's client would only say "An unexpected response was received from the server."
    expect(answer.headers.get("content-type")).toBe("text/plain");
    expect(await answer.text()).toBe(OVERSIZED_ACTION_REFUSAL);
  });

  it("lets a form of the usual size through", () => {
    const request = new NextRequest("http://localhost:3000/criteria", {
      method: "POST",
      headers: { "next-action": "7f".repeat(21), "content-length": "900", host: "localhost:3000", origin: "http://localhost:3000", cookie: "better-auth.session_token=abc" },
      body: "x".repeat(900),
    });
    expect(proxy(request).status).not.toBe(413);
  });
});

describe("isOversizedActionRefusal", () => {
  it("knows the error Next's client throws for that answer, and no other", () => {
    expect(isOversizedActionRefusal(new Error(OVERSIZED_ACTION_REFUSAL))).toBe(true);
    expect(isOversizedActionRefusal(new Error("An unexpected response was received from the server."))).toBe(false);
    expect(isOversizedActionRefusal(OVERSIZED_ACTION_REFUSAL)).toBe(false);
  });
});
