import { z } from "zod";

/** Settings of the OTLP traces endpoint and of trace assembly (lib/platform/env.ts reads them with the others). */
export const traceEnv = {
  /** A trace becomes a transcript once no span of it has arrived for this many seconds. */
  CALLBOARD_TRACE_QUIET_SECONDS: z.coerce.number().min(0).max(86_400, "must be at most 86400 (a day)").default(30),
  /** Spans read from one export request; the rest are rejected and counted in the answer. */
  CALLBOARD_OTLP_MAX_SPANS: z.coerce.number().int().positive().max(1_000_000).default(50_000),
  /** Bytes of one export request, after gzip is undone. */
  CALLBOARD_OTLP_MAX_REQUEST_MB: z.coerce.number().positive().max(1024).default(64),
  /** Span or resource attributes copied into a trace transcript's metadata, comma-separated. */
  CALLBOARD_TRACE_ATTRIBUTES: z
    .string()
    .optional()
    .transform((value) => [...new Set((value ?? "").split(",").map((key) => key.trim()).filter((key) => key !== ""))])
    .pipe(z.array(z.string().max(200).regex(/^[\w.\-/:]+$/, "attribute keys are letters, digits and . _ - / :")).max(50)),
  /** A tracing UI's page for a trace, with `{traceId}` where its id goes, kept as the transcript's link back. */
  CALLBOARD_TRACE_URL: z
    .string()
    .url("must be a URL such as http://localhost:6006/traces/{traceId}")
    .refine((value) => value.includes("{traceId}"), "must contain {traceId}")
    .optional(),
};

export const traceIdSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{32}$/)
  .transform((id) => id.toLowerCase());
