import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A scripted HTTP server on 127.0.0.1 for protocol tests of the network judges: it records every
 * request and answers each one with the next scripted response, so a test can assert exactly
 * what a judge sent and how it handled rate limits, errors, garbage and silence.
 */

export interface RecordedRequest {
  method: string;
  /** Path with query string, e.g. "/v1/chat/completions". */
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}

export type ScriptedReply =
  | { status?: number; headers?: Record<string, string>; json: unknown }
  | { status?: number; headers?: Record<string, string>; text: string }
  /** Never answers: the request stays open until the client gives up or the server closes. */
  | { hang: "before-headers" }
  /** Sends status and headers, then never finishes the body. */
  | { hang: "after-headers"; status?: number; headers?: Record<string, string> };

export type ScriptedResponse = ScriptedReply | ((request: RecordedRequest) => ScriptedReply);

export interface TestServer {
  /** Origin such as "http://127.0.0.1:53211", without a trailing slash. */
  url: string;
  requests: RecordedRequest[];
  /** Queues responses; each request takes the next one. */
  reply(...responses: ScriptedResponse[]): void;
  close(): Promise<void>;
}

const UNSCRIPTED: ScriptedReply = { status: 599, json: { error: "the test scripted no response for this request" } };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function send(response: ServerResponse, reply: ScriptedReply): void {
  if ("hang" in reply) {
    if (reply.hang === "after-headers") {
      response.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
      response.write("{");
      response.flushHeaders();
    }
    return;
  }
  const isJson = "json" in reply;
  const body = isJson ? JSON.stringify(reply.json) : reply.text;
  response.writeHead(reply.status ?? 200, {
    "content-type": isJson ? "application/json" : "text/plain",
    "content-length": Buffer.byteLength(body),
    ...reply.headers,
  });
  response.end(body);
}

export async function startTestServer(...responses: ScriptedResponse[]): Promise<TestServer> {
  const queue: ScriptedResponse[] = [...responses];
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    void readBody(request).then((rawBody) => {
      const recorded: RecordedRequest = {
        method: request.method ?? "GET",
        path: request.url ?? "/",
        headers: request.headers,
        rawBody,
        body: parseJson(rawBody),
      };
      requests.push(recorded);
      const next = queue.shift() ?? UNSCRIPTED;
      send(response, typeof next === "function" ? next(recorded) : next);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply: (...more) => void queue.push(...more),
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging requests keep their sockets open; close() alone would wait for them forever.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
