import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No module imports itself through others, types included: a circle means two files that can only
 * be read together (a store and its PostgreSQL version each importing the other was the usual one).
 * Shared types go in a file of their own that both import.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["app", "components", "lib", "scripts", "bench"];
const SKIP = /(^|\/)(node_modules|generated)(\/|$)|\.test\.tsx?$/;

function sourceFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .map((file) => `${folder}/${file}`)
      .filter((file) => /\.tsx?$/.test(file) && !SKIP.test(file)),
  );
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/") ? specifier.slice(2) : specifier.startsWith(".") ? path.join(path.dirname(from), specifier) : undefined;
  if (base === undefined) return undefined;
  return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ending) => path.normalize(base + ending)).find((file) => existsSync(path.join(ROOT, file)) && /\.tsx?$/.test(file));
}

function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(ROOT, file), "utf8"), true, true);
    const targets = importedFiles.map((imported) => resolveImport(file, imported.fileName)).filter((target): target is string => target !== undefined && !SKIP.test(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components of more than one file, or of a file importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("imports", () => {
  it("form no circle", () => {
    const graph = importGraph(sourceFiles());
    expect(graph.size).toBeGreaterThan(500);
    expect(circles(graph)).toEqual([]);
  });

  it("are found, type imports included", () => {
    const graph = importGraph(["lib/transcripts/server/store.ts"]);
    expect(graph.get("lib/transcripts/server/store.ts")).toEqual(expect.arrayContaining(["lib/transcripts/server/transcript-store/index.ts", "lib/transcripts/server/transcript-store/types.ts"]));
    expect(circles(new Map([["a", ["b"]], ["b", ["a"]], ["c", ["a"]]]))).toEqual([["a", "b"]]);
  });
});
