/**
 * The load generator of `npm run bench:guardrail`: `concurrency` loops, each sending its next
 * request as soon as the last one is answered, over keep-alive connections (node:http's Agent,
 * one socket per loop), for a fixed time. node:http rather than fetch: the generator shares the
 * machine's two cores with the server, and fetch costs several times its CPU per request.
 */
import http from "node:http";

export interface LoadOptions {
  url: URL;
  headers: Record<string, string>;
  bodies: Buffer[];
  concurrency: number;
  seconds: number;
  /** Checks a 200 answer's body; returns why it is wrong, or null. */
  check: (body: string) => string | null;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  /** Milliseconds, sorted. */
  latencies: Float64Array;
  errors: number;
  /** The first few errors, for the report. */
  examples: string[];
}

function post(agent: http.Agent, options: LoadOptions, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      options.url,
      { method: "POST", agent, headers: { ...options.headers, "content-type": "application/json", "content-length": String(body.byteLength) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

export function percentile(sorted: Float64Array, p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] : Number.NaN;
}

/** Drives the endpoint for `seconds`; requests still in flight at the end are waited for and counted. */
export async function drive(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const examples: string[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const body = options.bodies[next++ % options.bodies.length];
      const at = performance.now();
      let problem: string | null;
      try {
        const answer = await post(agent, options, body);
        problem = answer.status === 200 ? options.check(answer.text) : `HTTP ${answer.status}: ${answer.text.slice(0, 300)}`;
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      latencies.push(performance.now() - at);
      if (problem) {
        errors++;
        if (examples.length < 5) examples.push(problem);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: latencies.length, seconds, latencies: Float64Array.from(latencies).sort(), errors, examples };
}
