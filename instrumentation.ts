/**
 * Next.js calls register() once per server instance. In the Node.js runtime it starts the
 * evaluation worker, which executes the pending evaluations that runs create. The import is
 * dynamic and inside the runtime check so that the edge bundle never includes Prisma.
 * CALLBOARD_WORKER=0 disables it (for example when a separate process does the work).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // `next build` loads the app to prerender pages; a worker there would judge runs mid-build.
    if (process.env.NEXT_PHASE === "phase-production-build" || process.env.CALLBOARD_WORKER === "0") return;
    const { startServerWorker } = await import("./lib/server/worker/server-worker");
    startServerWorker();
  }
}
