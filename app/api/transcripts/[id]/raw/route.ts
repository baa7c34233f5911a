import { authorizeRequest } from "@/lib/accounts/server/guard";
import { getPrisma } from "@/lib/platform/db/client";
import { getTranscript } from "@/lib/transcripts/server/get";
import { canonicalDocument } from "@/lib/transcripts/document";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const allowed = await authorizeRequest(request, "read");
  if (!allowed.ok) return allowed.response;
  const { id } = await params;
  const transcript = await getTranscript(getPrisma(), id);
  if (!transcript) return Response.json({ error: `No transcript with id ${id}` }, { status: 404 });
  return new Response(JSON.stringify(canonicalDocument(transcript), null, 2), {
    headers: { "content-type": "application/json; charset=utf-8", "content-disposition": `attachment; filename="transcript-${id}.json"` },
  });
}
