import type { ServerResponse } from "node:http";
import type { SerializedReply } from "@/lib/judging/engine/checks-thread-protocol";
import { securityHeaders } from "@/lib/platform/security/headers";

const SECURITY_HEADERS: [string, string][] = securityHeaders(process.env.NODE_ENV !== "production").map(({ key, value }) => [key, value]);

/**
 * Writes an answer of the evaluation API as Next would have: JSON (the same text as
 * Response.json), the reply's own headers, and the security headers next.config.ts gives every
 * response (these answers never pass through Next).
 */
export function writeReply(response: ServerResponse, reply: SerializedReply, extra: Record<string, string> = {}): void {
  for (const [name, value] of SECURITY_HEADERS) response.setHeader(name, value);
  response.setHeader("content-type", "application/json");
  for (const [name, value] of Object.entries(reply.headers)) response.setHeader(name, value);
  for (const [name, value] of Object.entries(extra)) response.setHeader(name, value);
  response.setHeader("content-length", Buffer.byteLength(reply.text));
  response.statusCode = reply.status;
  response.end(reply.text);
}
