import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { routeWarmUpProblem, warmUpBuiltRoutes, warmUpRoutes } from "./warm-routes";

/** A build of Next's layout, written by hand: each file records in globalThis.__warmRoutesTest what ran. */
let distDir: string;

type Calls = string[];
const calls = () => ((globalThis as { __warmRoutesTest?: Calls }).__warmRoutesTest ??= []);

function write(relative: string, content: string) {
  const file = path.join(distDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

const record = (what: string) => `(globalThis.__warmRoutesTest ??= []).push(${JSON.stringify(what)});`;

/** An app page entry as Turbopack writes one: its layout and page only registered in the loader tree. */
const pageEntry = (name: string) => `${record(`${name} entry`)}
module.exports = { routeModule: { userland: { loaderTree: ["", { children: ["${name}", { children: ["__PAGE__", {}, { page: [() => { ${record(`${name} page`)} return {}; }, "page.tsx"] }] }, {}] }, { layout: [async () => { ${record(`${name} layout`)} return {}; }, "layout.tsx"] }] } } };`;

function clientManifest(page: string, chunks: string[]) {
  const manifest = { [page]: { ssrModuleMapping: { "1": { "*": { id: 1, name: "*", chunks } } } } };
  return `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(page)}] = ${JSON.stringify(manifest[page])};`;
}

beforeEach(() => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-warm-routes-"));
  calls().length = 0;
});
afterEach(() => {
  fs.rmSync(distDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe("loading a build's route modules before the server answers", () => {
  it("loads every route, instantiates pages' segments and API routes' modules, compiles client chunks once", async () => {
    write(
      "server/app-paths-manifest.json",
      JSON.stringify({ "/runs/page": "app/runs/page.js", "/sign-in/page": "app/sign-in/page.js", "/api/runs/route": "app/api/runs/route.js", "/static/page": "app/static.html" }),
    );
    write("server/pages-manifest.json", JSON.stringify({ "/_app": "pages/_app.js" }));
    write("server/pages/_app.js", record("_app entry"));
    write("server/app/runs/page.js", pageEntry("runs"));
    write("server/app/runs/page_client-reference-manifest.js", clientManifest("/runs/page", ["server/chunks/ssr/shared.js", "server/chunks/ssr/runs.js"]));
    write("server/app/sign-in/page.js", pageEntry("sign-in"));
    write("server/app/sign-in/page_client-reference-manifest.js", clientManifest("/sign-in/page", ["server/chunks/ssr/shared.js"]));
    write("server/chunks/ssr/shared.js", `${record("shared chunk")} module.exports = [1, () => { throw new Error("a factory must not run"); }];`);
    write("server/chunks/ssr/runs.js", `${record("runs chunk")} module.exports = [];`);
    write("server/app/api/runs/route.js", `${record("route entry")} module.exports = { routeModule: { async ensureUserland() { ${record("route module")} } } };`);

    const report = await warmUpRoutes(distDir);

    // No runtime in this build: the chunks are compiled, their modules left to the first render.
    expect(report).toMatchObject({ loaded: ["/runs/page", "/sign-in/page", "/api/runs/route", "/_app"], segments: 4, clientChunks: 2, clientModules: 0, failed: [], skipped: null });
    expect(calls()).toEqual([
      "runs entry", "runs layout", "runs page", "sign-in entry", "sign-in layout", "sign-in page", "route entry", "route module", "_app entry", "shared chunk", "runs chunk",
    ]);
    expect(routeWarmUpProblem(report)).toBeNull();
  });

  it("instantiates each client module once, in the runtime that renders pages' HTML, after loading its chunks there", async () => {
    write("server/app-paths-manifest.json", JSON.stringify({ "/runs/page": "app/runs/page.js", "/sign-in/page": "app/sign-in/page.js" }));
    write("server/app/runs/page.js", pageEntry("runs"));
    write("server/app/runs/page_client-reference-manifest.js", clientManifest("/runs/page", ["server/chunks/ssr/shared.js", "server/chunks/ssr/runs.js"]));
    write("server/app/sign-in/page.js", pageEntry("sign-in"));
    write("server/app/sign-in/page_client-reference-manifest.js", clientManifest("/sign-in/page", ["server/chunks/ssr/shared.js", "server/chunks/ssr/runs.js"]));
    write("server/chunks/ssr/shared.js", "module.exports = [];");
    write("server/chunks/ssr/runs.js", "module.exports = [];");
    // Turbopack's runtime: one module cache for every page; `c` loads a chunk's factories, `m` runs a module.
    write(
      "server/chunks/ssr/[turbopack]_runtime.js",
      `module.exports = (source) => ({ c: (chunk) => { ${record("c ${chunk}").replace(/"/g, "`")} }, m: (id) => { ${record("m ${id}").replace(/"/g, "`")} return {}; } });`,
    );

    const report = await warmUpRoutes(distDir);

    expect(report).toMatchObject({ clientChunks: 2, clientModules: 1, failed: [] });
    expect(calls().slice(-3)).toEqual(["c server/chunks/ssr/shared.js", "c server/chunks/ssr/runs.js", "m 1"]);
  });

  it("reports a client module that throws and goes on with the others", async () => {
    write("server/app-paths-manifest.json", JSON.stringify({ "/a/page": "app/a/page.js" }));
    write("server/app/a/page.js", pageEntry("a"));
    const manifest = { ssrModuleMapping: { "1": { "*": { id: 1, name: "*", chunks: [] } }, "2": { "*": { id: 2, name: "*", chunks: [] } } } };
    write("server/app/a/page_client-reference-manifest.js", `globalThis.__RSC_MANIFEST = { "/a/page": ${JSON.stringify(manifest)} };`);
    write(
      "server/chunks/ssr/[turbopack]_runtime.js",
      `module.exports = () => ({ c() {}, m: (id) => { if (id === 1) throw new Error("window is not defined"); ${record("m 2")} } });`,
    );

    const report = await warmUpRoutes(distDir);

    expect(report.clientModules).toBe(1);
    expect(report.failed).toEqual([{ route: "client module 1", error: "window is not defined" }]);
    expect(calls()).toContain("m 2");
  });

  it("reports a module that throws and goes on with the others", async () => {
    write("server/app-paths-manifest.json", JSON.stringify({ "/broken/page": "app/broken/page.js", "/runs/page": "app/runs/page.js", "/odd/page": "app/odd/page.js" }));
    write("server/app/broken/page.js", `throw new Error("DATABASE_URL is not set\\nsecond line");`);
    write("server/app/runs/page.js", pageEntry("runs"));
    // Another Next.js version's entry: no loader tree where this one keeps it.
    write("server/app/odd/page.js", "module.exports = { routeModule: { get userland() { return 42; } } };");

    const report = await warmUpRoutes(distDir);

    expect(report.loaded).toEqual(["/runs/page", "/odd/page"]);
    expect(report.segments).toBe(2);
    expect(report.failed).toEqual([{ route: "/broken/page", error: "DATABASE_URL is not set" }]);
    expect(routeWarmUpProblem(report)).toBe("callboard: 1 route module(s) failed to load before serving (/broken/page: DATABASE_URL is not set); they load on first use");
  });

  it("reports a client reference manifest it cannot read, and a listed chunk that is missing, as failures", async () => {
    write("server/app-paths-manifest.json", JSON.stringify({ "/a/page": "app/a/page.js", "/b/page": "app/b/page.js" }));
    write("server/app/a/page.js", pageEntry("a"));
    write("server/app/a/page_client-reference-manifest.js", `globalThis.__RSC_MANIFEST = { "/a/page": { ssrModuleMapping: "none" } };`);
    write("server/app/b/page.js", pageEntry("b"));
    write("server/app/b/page_client-reference-manifest.js", clientManifest("/b/page", ["server/chunks/ssr/gone.js"]));

    const report = await warmUpRoutes(distDir);

    expect(report.loaded).toEqual(["/a/page", "/b/page"]);
    expect(report.failed.map((failure) => failure.route)).toEqual(["/a/page", "server/chunks/ssr/gone.js"]);
    expect(report.failed[0].error).toMatch(/^page_client-reference-manifest\.js lists no server chunks/);
    expect(report.clientChunks).toBe(0);
  });

  it("skips a folder that holds no build, or a manifest of another shape, without throwing", async () => {
    const missing = await warmUpRoutes(path.join(distDir, "nothing-here"));
    expect(missing.loaded).toEqual([]);
    expect(missing.skipped).toMatch(/app-paths-manifest\.json/);
    expect(routeWarmUpProblem(missing)).toMatch(/^callboard: no route modules loaded before serving \(.*app-paths-manifest\.json.*\); each page loads its own on first use$/);

    write("server/app-paths-manifest.json", JSON.stringify(["/runs/page"]));
    const odd = await warmUpRoutes(distDir);
    expect(odd.skipped).toMatch(/^app-paths-manifest\.json is not a map of routes to files/);

    write("server/app-paths-manifest.json", "{ not json");
    expect((await warmUpRoutes(distDir)).skipped).toMatch(/JSON/);
  });

  it("does nothing outside production, and logs one line when a production build is missing", async () => {
    const lines: string[] = [];
    write("server/app-paths-manifest.json", JSON.stringify({ "/runs/page": "app/runs/page.js" }));
    write("server/app/runs/page.js", pageEntry("runs"));
    vi.stubEnv("NODE_ENV", "development");
    expect(await warmUpBuiltRoutes(distDir, (line) => lines.push(line))).toBeNull();
    expect(calls()).toEqual([]);

    vi.stubEnv("NODE_ENV", "production");
    expect((await warmUpBuiltRoutes(distDir, (line) => lines.push(line)))?.loaded).toEqual(["/runs/page"]);
    expect(lines).toEqual([]);
    expect((await warmUpBuiltRoutes(path.join(distDir, "gone"), (line) => lines.push(line)))?.skipped).not.toBeNull();
    expect(lines).toHaveLength(1);
  });
});
