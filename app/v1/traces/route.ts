import { authorizeRequest } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { handleOtlpTraces, otlpRefusal } from "@/lib/transcripts/server/traces/otlp-http";

/**
 * `POST /v1/traces`: the OTLP/HTTP traces endpoint, where an exporter configured with
 * Callboard's URL as its endpoint sends spans (with `Authorization: Bearer <API token>`).
 */
export async function POST(request: Request) {
  const allowed = await authorizeRequest(request, "upload");
  if (!allowed.ok) return otlpRefusal(request, allowed.response);
  return handleOtlpTraces(request, getPrisma());
}
