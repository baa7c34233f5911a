import { gunzipSync } from "node:zlib";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/platform/env";
import { encodeStatus, encodeTraceResponse, type PartialSuccess } from "@/lib/transcripts/otlp/protobuf";
import { isSqliteBusy } from "@/lib/platform/db/sqlite-busy";
import { bodyChunks } from "@/lib/platform/http/body-chunks";
import { type ExportEncoding, OtlpRequestError, receiveTraceExport } from "./receive-export";

/**
 * OTLP/HTTP for traces (opentelemetry.io/docs/specs/otlp/#otlphttp): protobuf or JSON bodies,
 * gzip or not; 200 with an ExportTraceServiceResponse (partial success when something was
 * rejected or is worth a warning), else a google.rpc.Status in the request's encoding. 400 and 413
 * are final for exporters; 503 (the database is busy) they retry.
 */
export async function handleOtlpTraces(request: Request, prisma: PrismaClient): Promise<Response> {
  const encoding = encodingOf(request);
  if (!encoding) {
    const type = request.headers.get("content-type") ?? "none";
    return failure("json", 415, `content type ${type} is not supported: send application/x-protobuf or application/json (OTLP/HTTP)`);
  }
  const config = env();
  const maxBytes = config.CALLBOARD_OTLP_MAX_REQUEST_MB * 1024 * 1024;
  try {
    const body = await readBody(request, maxBytes);
    const result = await receiveTraceExport(prisma, body, encoding, { maxSpans: config.CALLBOARD_OTLP_MAX_SPANS });
    return success(encoding, result.partial);
  } catch (error) {
    if (error instanceof OtlpRequestError) return failure(encoding, error.status, error.message);
    if (isSqliteBusy(error)) return failure(encoding, 503, "the database is busy: try again shortly", { "retry-after": "2" });
    throw error;
  }
}

/** The refusal of authorizeRequest (JSON), re-encoded as an OTLP Status for protobuf exporters. */
export async function otlpRefusal(request: Request, refusal: Response): Promise<Response> {
  const encoding = encodingOf(request) ?? "json";
  const body = (await refusal.json()) as { error?: string };
  const headers = Object.fromEntries(refusal.headers.entries());
  delete headers["content-type"];
  delete headers["content-length"];
  return failure(encoding, refusal.status, body.error ?? refusal.statusText, headers);
}

function encodingOf(request: Request): ExportEncoding | null {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-protobuf" || type === "application/protobuf") return "protobuf";
  if (type === "application/json") return "json";
  return null;
}

async function readBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const header = request.headers.get("content-length");
  const declared = header === null ? null : Number(header);
  const tooLarge = () => new OtlpRequestError(`the request is larger than the limit of ${maxBytes / 1024 / 1024} MB: send smaller batches`, 413);
  if (declared !== null && declared > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of bodyChunks(request.body)) {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  // A body cut on its way here (as Next's proxy cut at 10 MB, with no error) is still a valid, shorter
  // request when the cut falls between two resourceSpans: refuse it, naming the cause, rather than
  // store part of it and drop the rest without a word.
  if (declared !== null && Number.isFinite(declared) && total !== declared) {
    throw new OtlpRequestError(`the body has ${total} bytes where its Content-Length says ${declared}: it was cut on the way, and nothing of it was stored`, 400);
  }
  const raw = Buffer.concat(chunks);
  const contentEncoding = (request.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (contentEncoding === "identity" || contentEncoding === "") return raw;
  if (contentEncoding !== "gzip") throw new OtlpRequestError(`content encoding ${contentEncoding} is not supported: send gzip or no encoding`, 415);
  try {
    // The cap applies after decompression too: a small gzip body can expand a thousandfold.
    return gunzipSync(raw, { maxOutputLength: maxBytes });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_BUFFER_TOO_LARGE" || (error instanceof RangeError && /larger than/i.test(error.message))) throw tooLarge();
    throw new OtlpRequestError(`the body is not valid gzip: ${error instanceof Error ? error.message : String(error)}`, 400);
  }
}

function success(encoding: ExportEncoding, partial: PartialSuccess | null): Response {
  if (encoding === "protobuf") return new Response(Buffer.from(encodeTraceResponse(partial)), { status: 200, headers: { "content-type": "application/x-protobuf" } });
  // proto3 JSON writes int64 as a string.
  return Response.json(partial ? { partialSuccess: { rejectedSpans: String(partial.rejectedSpans), errorMessage: partial.errorMessage } } : {});
}

/** gRPC status codes, as google.rpc.Status carries them. */
const GRPC_CODE: Record<number, number> = { 400: 3, 401: 16, 403: 7, 413: 8, 415: 3, 503: 14 };

function failure(encoding: ExportEncoding, status: number, message: string, headers: Record<string, string> = {}): Response {
  const code = GRPC_CODE[status] ?? 2;
  if (encoding === "protobuf") return new Response(Buffer.from(encodeStatus(code, message)), { status, headers: { ...headers, "content-type": "application/x-protobuf" } });
  return Response.json({ code, message }, { status, headers });
}
