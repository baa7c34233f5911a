import { authorizeRequest } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { getTrace } from "@/lib/transcripts/server/traces/get-trace";
import { traceIdSchema } from "@/lib/transcripts/schemas/trace-env";

/** `GET /api/otel/traces/<trace id>`: the spans Callboard received for a trace, as stored. */
export async function GET(request: Request, { params }: { params: Promise<{ traceId: string }> }) {
  const allowed = await authorizeRequest(request, "read");
  if (!allowed.ok) return allowed.response;
  const traceId = traceIdSchema.safeParse((await params).traceId);
  if (!traceId.success) return Response.json({ error: "A trace id is 32 hexadecimal digits." }, { status: 400 });
  const trace = await getTrace(getPrisma(), traceId.data);
  if (!trace) return Response.json({ error: `No trace ${traceId.data} was received.` }, { status: 404 });
  return Response.json(trace);
}
