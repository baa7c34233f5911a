/**
 * Next.js awaits register() once per server process before it serves a request. The web server's
 * first page used to pay for the database client's start (the query compiler, the connection,
 * the first statements) on top of its own render: ~0.3 s idle, over 1 s while a worker judges;
 * and for loading the route modules, which Next only preloads once it serves (lib/platform/warm-up/warm-routes.ts).
 * Paying both here, before the port answers, keeps a restarted server's first pages as fast as the
 * rest. The run pages people open first, monitors' runs and the newest, have their data read here
 * too (lib/runs/server/results/warm-run-pages.ts). Once it serves, the server requests the pages
 * people open first, so that Next prepares their routes before a person's view does
 * (lib/platform/warm-up/request-page-routes.ts), and then collects start-up's garbage
 * (lib/platform/warm-up/collect-start-up-garbage.ts). The imports are dynamic and inside the runtime check so the edge bundle never holds Prisma.
 *
 * In production it also puts the live-check server in front of Next (lib/judging/server/live-check):
 * POST /api/v1/evals/reward and /binary with an API token are answered without Next's per-request
 * layer. `next dev` leaves them to the route handlers, which give the same answers and reload on edits.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.NODE_ENV === "production") {
    const { installLiveChecks } = await import("./lib/judging/server/live-check/install-live-checks");
    const { monitorLiveCheckHook } = await import("./lib/monitors/server/live-check-hook");
    const { getPrisma } = await import("./lib/platform/db/client");
    // Checks naming a monitor (?monitor=<id>) are kept for it, written after their answers.
    installLiveChecks(monitorLiveCheckHook(getPrisma).hook);
  }
  const { warmUpServer } = await import("./lib/platform/warm-up/warm-up");
  if (await warmUpServer()) {
    const { warmUpRunPages } = await import("./lib/runs/server/results/warm-run-pages");
    const { getPrisma } = await import("./lib/platform/db/client");
    await warmUpRunPages(getPrisma());
  }
  const { warmUpBuiltRoutes } = await import("./lib/platform/warm-up/warm-routes");
  await warmUpBuiltRoutes();
  const { requestPageRoutesOnceServing } = await import("./lib/platform/warm-up/request-page-routes");
  const { collectStartUpGarbage } = await import("./lib/platform/warm-up/collect-start-up-garbage");
  // Not awaited: the requests wait for Next to serve, which it does once register() returns.
  void requestPageRoutesOnceServing().then(() => {
    if (process.env.NODE_ENV === "production") collectStartUpGarbage();
  });
}
