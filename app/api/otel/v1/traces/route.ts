import { authorizeRequest } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { handleOtlpTraces, otlpRefusal } from "@/lib/transcripts/server/traces/otlp-http";

/** `POST /api/otel/v1/traces`: the same endpoint as /v1/traces, for base URLs ending in /api/otel. */
export async function POST(request: Request) {
  const allowed = await authorizeRequest(request, "upload");
  if (!allowed.ok) return otlpRefusal(request, allowed.response);
  return handleOtlpTraces(request, getPrisma());
}
