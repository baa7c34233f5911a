/**
 * Benchmark child: ingests OTLP export requests through the code path of POST /v1/traces
 * (handleOtlpTraces: decoding, reading, storing spans), then assembles every trace as the worker
 * does (assembleQuietTraces, one limited pass after another), and checks what was stored.
 *
 *   tsx scripts/bench/otlp-child.ts <requests file> <database url> <traces> <tool spans>
 *
 * The database must already be migrated. Prints a ChildResult as the last line of stdout.
 */
import { createPrisma } from "@/lib/platform/db/client";
import { assembleQuietTraces } from "@/lib/transcripts/server/traces/assemble-quiet-traces";
import { handleOtlpTraces } from "@/lib/transcripts/server/traces/otlp-http";
import { readOtlpRequests } from "./generate-otlp";
import { childArgs, report, runChild, startSampler, verify } from "./measure";

async function main(): Promise<void> {
  const args = childArgs(process.argv.slice(2));
  const prisma = createPrisma(args.databaseUrl);
  try {
    const before = await prisma.transcript.count();
    if (before !== 0) throw new Error(`otlp: the database is not empty (${before} transcripts)`);
    const bodies = readOtlpRequests(args.file);

    const rssBefore = process.memoryUsage.rss();
    const sampler = startSampler();
    const ingestStarted = performance.now();
    let partial = 0;
    for (const body of bodies) {
      const request = new Request("http://localhost/v1/traces", { method: "POST", body: Buffer.from(body), headers: { "content-type": "application/x-protobuf" } });
      const response = await handleOtlpTraces(request, prisma);
      if (response.status !== 200) throw new Error(`otlp: a request was answered ${response.status}: ${await response.text()}`);
      if ((await response.arrayBuffer()).byteLength > 0) partial++;
    }
    const ingestMs = performance.now() - ingestStarted;
    const assembleStarted = performance.now();
    const totals = { created: 0, withoutLlm: 0, duplicates: 0, passes: 0 };
    // Every trace is quiet at once; the worker would take the same passes, one per turn of its loop.
    for (let more = true; more; ) {
      const pass = await assembleQuietTraces(prisma, new Date(Date.now() + 60_000), { quietMs: 0, limit: 200 });
      totals.created += pass.created;
      totals.withoutLlm += pass.withoutLlm;
      totals.duplicates += pass.duplicates;
      totals.passes++;
      more = pass.more;
    }
    const assembleMs = performance.now() - assembleStarted;
    const peaks = sampler.stop();

    const stored = { transcripts: await prisma.transcript.count(), toolCalls: await prisma.toolCall.count() };
    verify("otlp", stored, args);
    const answered = await prisma.toolCall.count({ where: { responseIndex: { not: null } } });
    if (answered !== args.expectedCalls) throw new Error(`otlp: ${answered} of ${args.expectedCalls} tool calls have a response`);
    report({
      label: "otlp",
      milliseconds: peaks.milliseconds,
      cpuMilliseconds: peaks.cpuMilliseconds,
      maxRssKb: process.resourceUsage().maxRSS,
      sampledPeakRssBytes: peaks.peakRss,
      rssBeforeBytes: rssBefore,
      sampledPeakHeapBytes: peaks.peakHeap,
      ...stored,
      details: {
        requests: bodies.length,
        spans: await prisma.traceSpan.count(),
        ingestSeconds: ingestMs / 1000,
        assembleSeconds: assembleMs / 1000,
        assemblyPasses: totals.passes,
        partialAnswers: partial,
        withoutLlm: totals.withoutLlm,
        duplicates: totals.duplicates,
      },
    });
  } finally {
    await prisma.$disconnect();
  }
}

runChild("otlp", main);
