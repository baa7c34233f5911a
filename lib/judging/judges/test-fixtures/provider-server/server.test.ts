import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./server";

describe("startTestServer", () => {
  let server: TestServer;
  afterEach(() => server.close());

  it("listens on 127.0.0.1, records requests and answers them in order", async () => {
    server = await startTestServer({ json: { first: true } }, { status: 503, text: "busy", headers: { "retry-after": "1" } });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const first = await fetch(`${server.url}/a?x=1`, { method: "POST", headers: { "x-test": "yes" }, body: JSON.stringify({ hello: "world" }) });
    expect(await first.json()).toEqual({ first: true });
    const second = await fetch(`${server.url}/b`, { method: "POST", body: "not json" });
    expect(second.status).toBe(503);
    expect(second.headers.get("retry-after")).toBe("1");
    expect(await second.text()).toBe("busy");
    expect(server.requests.map((request) => [request.method, request.path])).toEqual([
      ["POST", "/a?x=1"],
      ["POST", "/b"],
    ]);
    expect(server.requests[0].headers["x-test"]).toBe("yes");
    expect(server.requests[0].body).toEqual({ hello: "world" });
    expect(server.requests[1].body).toBeUndefined();
    expect(server.requests[1].rawBody).toBe("not json");
  });

  it("computes replies from the request and answers 599 when the script runs out", async () => {
    server = await startTestServer((request) => ({ json: { echo: request.body } }));
    const echoed = await fetch(server.url, { method: "POST", body: '{"n":1}' });
    expect(await echoed.json()).toEqual({ echo: { n: 1 } });
    server.reply({ json: "queued later" });
    expect(await (await fetch(server.url)).json()).toBe("queued later");
    expect((await fetch(server.url)).status).toBe(599);
  });

  it("closes even while a request hangs", async () => {
    server = await startTestServer({ hang: "before-headers" });
    const pending = fetch(server.url).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.close();
    expect(await pending).toBeInstanceOf(Error);
    server = await startTestServer();
  });
});
