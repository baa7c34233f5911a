import { env, type Env } from "@/lib/platform/env";
import { tracePageUrl } from "@/lib/transcripts/trace-links";
import type { AssemblyOptions } from "./assemble-quiet-traces";

/** Assembly options from the environment (lib/transcripts/schemas/trace-env.ts). */
export function traceAssemblyOptions(
  config: Pick<Env, "CALLBOARD_TRACE_URL" | "CALLBOARD_TRACE_QUIET_SECONDS" | "CALLBOARD_TRACE_ATTRIBUTES"> = env(),
): AssemblyOptions {
  const template = config.CALLBOARD_TRACE_URL;
  return {
    quietMs: config.CALLBOARD_TRACE_QUIET_SECONDS * 1000,
    metadataAttributes: config.CALLBOARD_TRACE_ATTRIBUTES,
    // Callboard's own copy of the spans is always there; a tracing UI's page when one is configured.
    traceLinks: (traceId) => ({ spansUrl: `/api/otel/traces/${traceId}`, ...(template ? { url: tracePageUrl(template, traceId) } : {}) }),
  };
}
