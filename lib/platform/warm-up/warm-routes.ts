import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { z } from "zod";

/**
 * `next start` loads the module of every route of the build (experimental.preloadEntriesOnStart,
 * on by default) but only once it serves: the first requests after a start then waited behind
 * ~0.7-1 s of compiling and evaluating chunks on the event loop (issue 12: a restarted server's
 * first run page took 0.9-1.2 s). Loading the same files here, from register() (which Next
 * awaits before it serves), moves that work before the first answer; Next's own preload then
 * finds them in Node's module cache. Next loads a route with a plain `require` of the file its
 * manifests name (next/dist/server/require.js), so the same `require` shares the cache.
 */

/** Route → file under `<distDir>/server`, as `app-paths-manifest.json` and `pages-manifest.json` list them. */
const manifestSchema = z.record(z.string(), z.string());

const MANIFESTS = ["app-paths-manifest.json", "pages-manifest.json"] as const;

export interface RouteWarmUp {
  /** Routes whose module loaded, in manifest order. */
  loaded: string[];
  /** Layout, page and boundary modules of app pages instantiated (shared ones count once per page). */
  segments: number;
  /** Server chunks of the client components the app pages render, compiled. */
  clientChunks: number;
  /** Client component modules instantiated in the runtime that renders them to HTML. */
  clientModules: number;
  /** Routes whose module threw while loading (Next will report them on their first request). */
  failed: { route: string; error: string }[];
  /** Why nothing was loaded (no build there, a manifest of another shape), or null. */
  skipped: string | null;
  milliseconds: number;
}

const message = (error: unknown) => (error instanceof Error ? error.message.split("\n")[0] : String(error));

/** The routes a build lists, each with its module's absolute path; the HTML pages Next serves as files have no module. */
function builtRoutes(serverDir: string): { route: string; file: string }[] {
  const routes: { route: string; file: string }[] = [];
  for (const name of MANIFESTS) {
    const file = path.join(/* turbopackIgnore: true */ serverDir, name);
    // An app without a pages/ folder may have no pages manifest; only the app manifest is required.
    if (!fs.existsSync(/* turbopackIgnore: true */ file) && name === "pages-manifest.json") continue;
    const parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(/* turbopackIgnore: true */ file, "utf8")));
    if (!parsed.success) throw new Error(`${name} is not a map of routes to files (${parsed.error.issues[0].message})`);
    for (const [route, relative] of Object.entries(parsed.data)) {
      if (relative.endsWith(".js")) routes.push({ route, file: path.join(/* turbopackIgnore: true */ serverDir, relative) });
    }
  }
  return routes;
}

/**
 * An app page's entry module only registers its layouts and pages: its loader tree holds, per
 * segment, `[segment, parallelRoutes, { layout: [load, path], page: [load, path], … }]`, and the
 * first render calls each `load` (measured: the root layout's took 0.14 s). Calling them here
 * instantiates those modules in the route's own module cache. Anything not of that shape is left
 * alone, so another Next.js version's tree costs nothing but its warm-up.
 */
async function instantiateSegments(node: unknown): Promise<number> {
  if (!Array.isArray(node)) return 0;
  const [, parallelRoutes, modules] = node as unknown[];
  let count = 0;
  if (modules && typeof modules === "object") {
    for (const entry of Object.values(modules)) {
      if (Array.isArray(entry) && typeof entry[0] === "function") {
        await entry[0]();
        count++;
      }
    }
  }
  if (parallelRoutes && typeof parallelRoutes === "object") for (const child of Object.values(parallelRoutes)) count += await instantiateSegments(child);
  return count;
}

const field = (value: unknown, key: string): unknown => (value !== null && typeof value === "object" && key in value ? (value as Record<string, unknown>)[key] : undefined);

/**
 * Instantiates what a route's entry module only registers: an API route's own module (and all it
 * imports) behind `routeModule.ensureUserland()`, which Next awaits on the route's first request;
 * an app page's layouts and pages behind its loader tree. Returns the page segments instantiated.
 */
async function instantiateRoute(mod: unknown): Promise<number> {
  const routeModule = field(mod, "routeModule");
  const ensureUserland = field(routeModule, "ensureUserland");
  if (typeof ensureUserland === "function") {
    await (ensureUserland as () => Promise<void>).call(routeModule);
    return 0;
  }
  return instantiateSegments(field(field(routeModule, "userland"), "loaderTree"));
}

/** What Next's client reference manifests hold that matters here: per client module, the server chunks rendering it to HTML needs. */
const clientManifestSchema = z.record(
  z.string(),
  z.object({
    ssrModuleMapping: z.record(z.string(), z.record(z.string(), z.object({ id: z.union([z.string(), z.number()]).optional(), chunks: z.array(z.string()) }))),
  }),
);

/** A client component as the HTML render loads it: its module id in Turbopack's runtime, and the chunks (relative to `distDir`) that hold it. */
interface ClientModule {
  id: string | number;
  chunks: string[];
}

/**
 * The client components an app page renders, from the page's `page_client-reference-manifest.js`,
 * a script that assigns `globalThis.__RSC_MANIFEST[page]` and that Next itself evaluates in a
 * context of its own (next/dist/server/load-manifest). Next loads and instantiates them while it
 * streams the page's first HTML (0.16 s for a run page).
 */
function clientModules(pageFile: string): { id?: string | number; chunks: string[] }[] {
  const manifestFile = pageFile.replace(/\.js$/, "_client-reference-manifest.js");
  if (!fs.existsSync(/* turbopackIgnore: true */ manifestFile)) return [];
  const sandbox: { __RSC_MANIFEST?: unknown } = {};
  vm.runInNewContext(fs.readFileSync(/* turbopackIgnore: true */ manifestFile, "utf8"), sandbox);
  const parsed = clientManifestSchema.safeParse(sandbox.__RSC_MANIFEST);
  if (!parsed.success) throw new Error(`${path.basename(manifestFile)} lists no server chunks (${parsed.error.issues[0].message})`);
  return Object.values(parsed.data).flatMap((manifest) => Object.values(manifest.ssrModuleMapping).flatMap((exports) => Object.values(exports)));
}

/** What Turbopack's Node runtime exports: given the requiring file, a loader of chunks (`c`) and of modules (`m`). */
type TurbopackRuntime = (sourcePath: string) => { c: (chunk: string) => void; m: (id: string | number) => unknown };

/** Where Turbopack keeps the runtime that app pages render their HTML with (each page entry requires it first). */
const SSR_RUNTIME = path.join("chunks", "ssr", "[turbopack]_runtime.js");

function ssrRuntime(serverDir: string, load: (file: string) => unknown): TurbopackRuntime | null {
  const file = path.join(/* turbopackIgnore: true */ serverDir, SSR_RUNTIME);
  if (!fs.existsSync(/* turbopackIgnore: true */ file)) return null;
  const runtime = load(/* turbopackIgnore: true */ file);
  return typeof runtime === "function" ? (runtime as TurbopackRuntime) : null;
}

/**
 * Loads the server module of every route the build at `distDir` lists. Never throws: a build of
 * another layout is reported in `skipped`, a module that throws in `failed`, and start-up goes on.
 * `load` is Node's require (tests pass their own).
 */
export async function warmUpRoutes(distDir: string, load: (file: string) => unknown = createRequire(/* turbopackIgnore: true */ path.join(distDir, "server", "/"))): Promise<RouteWarmUp> {
  const started = performance.now();
  const report: RouteWarmUp = { loaded: [], segments: 0, clientChunks: 0, clientModules: 0, failed: [], skipped: null, milliseconds: 0 };
  const serverDir = path.join(distDir, "server");
  let routes: { route: string; file: string }[];
  try {
    routes = builtRoutes(serverDir);
  } catch (error) {
    report.skipped = message(error);
    routes = [];
  }
  const modules = new Map<string | number, ClientModule>();
  const chunks: string[] = [];
  for (const { route, file } of routes) {
    try {
      const mod = load(/* turbopackIgnore: true */ file);
      report.loaded.push(route);
      report.segments += await instantiateRoute(mod);
      // Pages may list the same module in chunks of their own: it needs one page's, loaded once.
      for (const client of clientModules(file)) {
        chunks.push(...client.chunks);
        if (client.id !== undefined && !modules.has(client.id)) modules.set(client.id, { id: client.id, chunks: client.chunks });
      }
    } catch (error) {
      report.failed.push({ route, error: message(error) });
    }
  }
  // A chunk file only lists module factories (`module.exports = [id, factory, …]`): requiring it
  // compiles it without running any of them, and Turbopack's runtime later finds it in Node's cache.
  const failedChunks = new Set<string>();
  for (const chunk of new Set(chunks)) {
    try {
      load(path.join(/* turbopackIgnore: true */ distDir, chunk));
      report.clientChunks++;
    } catch (error) {
      failedChunks.add(chunk);
      report.failed.push({ route: chunk, error: message(error) });
    }
  }
  instantiateClientModules(serverDir, [...modules.values()].filter((client) => !client.chunks.some((chunk) => failedChunks.has(chunk))), load, report);
  report.milliseconds = performance.now() - started;
  return report;
}

/**
 * Runs the client components' modules in the runtime that renders app pages' HTML, as the first
 * render would (a run page's first view spent 13-21 ms instantiating them, besides what their
 * own top-level code builds). The runtime keeps one module cache for every page, so each module
 * runs once here and never again.
 */
function instantiateClientModules(serverDir: string, modules: ClientModule[], load: (file: string) => unknown, report: RouteWarmUp): void {
  if (modules.length === 0) return;
  let runtime: ReturnType<TurbopackRuntime>;
  try {
    const loadRuntime = ssrRuntime(serverDir, load);
    if (!loadRuntime) return;
    runtime = loadRuntime(path.join("server", "callboard-warm-up.js"));
  } catch (error) {
    report.failed.push({ route: SSR_RUNTIME, error: message(error) });
    return;
  }
  for (const client of modules) {
    try {
      for (const chunk of client.chunks) runtime.c(chunk);
      runtime.m(client.id);
      report.clientModules++;
    } catch (error) {
      report.failed.push({ route: `client module ${client.id}`, error: message(error) });
    }
  }
}

/** One line for the server's log when the warm-up did not load everything, else null. */
export function routeWarmUpProblem(report: RouteWarmUp): string | null {
  if (report.skipped) return `callboard: no route modules loaded before serving (${report.skipped}); each page loads its own on first use`;
  if (report.failed.length === 0) return null;
  const [first] = report.failed;
  return `callboard: ${report.failed.length} route module(s) failed to load before serving (${first.route}: ${first.error}${report.failed.length > 1 ? ", …" : ""}); they load on first use`;
}

/**
 * For register(): the routes of the build `next start` serves from the working directory, and a
 * line in the log when some did not load. Only in production: `next dev` compiles routes on demand
 * into a folder of its own, and a `.next/server` beside it is an older production build.
 */
export async function warmUpBuiltRoutes(distDir: string = path.join(process.cwd(), ".next"), log: (line: string) => void = console.error): Promise<RouteWarmUp | null> {
  if (process.env.NODE_ENV !== "production") return null;
  const report = await warmUpRoutes(distDir);
  const problem = routeWarmUpProblem(report);
  if (problem) log(problem);
  return report;
}
