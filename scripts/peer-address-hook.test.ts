import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";

const HOOK = path.join(process.cwd(), "scripts", "peer-address-hook.mjs");
// A server like Next's: http.createServer with a request listener, answering the header it sees.
const SERVER = `require("node:http").createServer((req, res) => res.end(String(req.headers["x-callboard-peer"]))).listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;

it("puts the socket's address in x-callboard-peer, over whatever the client sent", async () => {
  const child = spawn(process.execPath, ["-e", SERVER], { env: { ...process.env, NODE_OPTIONS: `--import=${JSON.stringify(pathToFileURL(HOOK).href)}` }, stdio: ["ignore", "pipe", "inherit"] });
  try {
    const port = await new Promise<number>((resolve) => child.stdout.once("data", (data: Buffer) => resolve(Number(data.toString().trim()))));
    const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Callboard-Peer": "6.6.6.6" } });
    expect(await answer.text()).toBe("127.0.0.1");
  } finally {
    child.kill();
  }
});
