import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { BfclUpload } from "@/components/references/bfcl-upload";
import { ReferencesUpload } from "@/components/references/references-upload";
import { UploadPanel } from "@/components/transcripts/upload/upload-panel";
import { env } from "@/lib/platform/env";
import { requirePageUser } from "@/lib/accounts/server/guard";
import { originOf, publicOrigin } from "@/lib/platform/http/request-origin";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Upload transcripts" };

export default async function UploadPage() {
  await requirePageUser("upload");
  const origin = originOf(await headers(), publicOrigin());
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/transcripts" className="text-indigo-700 hover:underline">Transcripts</Link>
      </nav>
      <PageHeader title="Upload transcripts" description="Chat transcripts (OpenAI, Anthropic, Responses), OTLP JSON trace files and Phoenix span exports. Valid transcripts are imported even when others in the same file are rejected; each is stored once." />
      <UploadPanel maxMb={env().CALLBOARD_MAX_UPLOAD_MB} />
      <ReferencesUpload />
      <BfclUpload />
      <p className="mt-8 text-sm text-slate-600">
        From a script or CI, with a token from <Link href="/settings/tokens" className="text-indigo-700 underline">Settings → API tokens</Link>:{" "}
        <code className="font-mono">
          curl --data-binary @runs.jsonl -H &apos;content-type: application/x-ndjson&apos; -H &quot;Authorization: Bearer $CALLBOARD_TOKEN&quot;
          {origin}/api/transcripts?file=runs.jsonl
        </code>
      </p>
    </>
  );
}
