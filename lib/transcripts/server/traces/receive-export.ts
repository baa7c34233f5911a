import type { PrismaClient } from "@/lib/generated/prisma/client";
import { decodeTraceSpans } from "@/lib/transcripts/otlp/decode-protobuf";
import type { PartialSuccess } from "@/lib/transcripts/otlp/protobuf";
import { readTraceRequest } from "@/lib/transcripts/otlp/read-request";
import type { SpanProblem } from "@/lib/transcripts/otlp/span";
import { storeSpans } from "./store-spans";

export type ExportEncoding = "protobuf" | "json";

/** A request that cannot be read at all: answered with this status and message, nothing stored. */
export class OtlpRequestError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 | 503,
  ) {
    super(message);
    this.name = "OtlpRequestError";
  }
}

export interface ExportResult {
  accepted: number;
  /** The OTLP answer's partial success, or null when everything was taken without remark. */
  partial: PartialSuccess | null;
}

const LISTED = 5;

/**
 * One OTLP/HTTP export request, decoded, read span by span and stored. Spans that cannot be
 * kept are counted as rejected with their paths in the message; attributes left out and traces
 * still without an LLM span are warnings in the message (partial success with 0 rejected, as the
 * specification has it). Nothing of a request is stored unless all its readable spans are.
 */
export async function receiveTraceExport(prisma: PrismaClient, body: Uint8Array, encoding: ExportEncoding, options: { maxSpans: number; now?: Date }): Promise<ExportResult> {
  const read = encoding === "protobuf" ? decodeProtobuf(body, options.maxSpans) : readTraceRequest(decodeJson(body), { maxSpans: options.maxSpans });
  if (read.spans.length === 0 && read.total === 0 && read.rejected.length > 0) {
    throw new OtlpRequestError(`not an OTLP trace export request: ${describeProblem(read.rejected[0])}`, 400);
  }
  const stored = await storeSpans(prisma, read.spans, options.now);
  const rejectedSpans = read.total - read.spans.length;
  const parts: string[] = [];
  if (read.rejected.length > 0) parts.push(`${rejectedSpans} span${rejectedSpans === 1 ? "" : "s"} rejected: ${listProblems(read.rejected)}`);
  if (read.warnings.length > 0) parts.push(`${read.warnings.length} warning${read.warnings.length === 1 ? "" : "s"}: ${listProblems(read.warnings)}`);
  if (stored.tracesWithoutLlm.length > 0) {
    const n = stored.tracesWithoutLlm.length;
    parts.push(
      `${n} trace${n === 1 ? " has" : "s have"} no LLM span yet (${stored.tracesWithoutLlm.slice(0, LISTED).join(", ")}${n > LISTED ? ", …" : ""}): ` +
        "their spans are kept, and a transcript is made only once an LLM span (OpenInference, GenAI or OpenLLMetry) arrives",
    );
  }
  return { accepted: read.spans.length, partial: parts.length > 0 ? { rejectedSpans, errorMessage: parts.join("; ") } : null };
}

function decodeProtobuf(body: Uint8Array, maxSpans: number) {
  const decoded = decodeTraceSpans(body, { maxSpans });
  if (!decoded.ok) throw new OtlpRequestError(`the body is not a protobuf ExportTraceServiceRequest: ${decoded.message}`, 400);
  return decoded.read;
}

function decodeJson(body: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    throw new OtlpRequestError("the body is not valid UTF-8 JSON", 400);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new OtlpRequestError(`the body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, 400);
  }
}

function describeProblem(p: SpanProblem): string {
  return p.path ? `${p.path}: ${p.message}` : p.message;
}

function listProblems(problems: SpanProblem[]): string {
  const listed = problems.slice(0, LISTED).map(describeProblem).join("; ");
  return problems.length > LISTED ? `${listed}; and ${problems.length - LISTED} more` : listed;
}
