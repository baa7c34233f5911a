import { authorizeRequest } from "@/lib/server/auth/guard";
import { getPrisma } from "@/lib/server/db/client";
import { handleOtlpTraces, otlpRefusal } from "@/lib/server/traces/otlp-http";

/** `POST /api/otel/v1/traces`: the same endpoint as /v1/traces, for base URLs ending in /api/otel. */
export async function POST(request: Request) {
  const allowed = await authorizeRequest(request, "upload");
  if (!allowed.ok) return otlpRefusal(request, allowed.response);
  return handleOtlpTraces(request, getPrisma());
}
