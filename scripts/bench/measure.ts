/**
 * What a benchmark child measures about itself and hands back, as one JSON line on stdout.
 * Each measurement runs in its own process so that its peak memory is its own.
 */

export interface ChildResult {
  label: "callboard" | "baseline" | "otlp";
  /** Wall time of the import alone (database already migrated, client connected). */
  milliseconds: number;
  /** CPU time (user + system, all threads) the process spent during the import: less sensitive than wall time to other load on the machine. */
  cpuMilliseconds: number;
  /** process.resourceUsage().maxRSS at the end of the child, in KB: the true peak of the process. */
  maxRssKb: number;
  /** Highest process.memoryUsage().rss sampled during the import, in bytes. */
  sampledPeakRssBytes: number;
  /** RSS just before the import started (runtime, modules, client), in bytes. */
  rssBeforeBytes: number;
  /** Highest heapUsed sampled during the import, in bytes. */
  sampledPeakHeapBytes: number;
  transcripts: number;
  toolCalls: number;
  /** What the import itself said, when it says more than the counts. */
  details: Record<string, number>;
}

export interface ChildArgs {
  file: string;
  databaseUrl: string;
  expectedTranscripts: number;
  expectedCalls: number;
}

export function childArgs(argv: string[]): ChildArgs {
  const [file, databaseUrl, transcripts, calls] = argv;
  if (!file || !databaseUrl || !transcripts || !calls) throw new Error("usage: <file.jsonl> <database url> <transcripts> <calls>");
  return { file, databaseUrl, expectedTranscripts: Number(transcripts), expectedCalls: Number(calls) };
}

/**
 * Starts the clock: wall time, CPU time, and RSS and heap sampled every `intervalMs` until
 * stopped (the event loop must turn for samples to be taken).
 */
export function startSampler(intervalMs = 50): { stop: () => { milliseconds: number; cpuMilliseconds: number; peakRss: number; peakHeap: number } } {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    if (usage.rss > peakRss) peakRss = usage.rss;
    if (usage.heapUsed > peakHeap) peakHeap = usage.heapUsed;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  const cpu = process.cpuUsage();
  const started = performance.now();
  return {
    stop: () => {
      const milliseconds = performance.now() - started;
      const used = process.cpuUsage(cpu);
      clearInterval(timer);
      sample();
      return { milliseconds, cpuMilliseconds: (used.user + used.system) / 1000, peakRss, peakHeap };
    },
  };
}

export function verify(label: string, stored: { transcripts: number; toolCalls: number }, args: ChildArgs): void {
  if (stored.transcripts !== args.expectedTranscripts || stored.toolCalls !== args.expectedCalls) {
    throw new Error(
      `${label}: stored ${stored.transcripts} transcripts and ${stored.toolCalls} tool calls; expected ${args.expectedTranscripts} and ${args.expectedCalls}`,
    );
  }
}

/** The result, as the last line of stdout, where the parent looks for it. */
export function report(result: ChildResult): void {
  process.stdout.write(`\n${JSON.stringify(result)}\n`);
}

export function runChild(label: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(`${label}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  });
}
