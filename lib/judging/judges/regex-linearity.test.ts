import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * Every regular expression that reads uploaded text must run in time linear in that text: a
 * super-linear one lets one long argument stall judging (a run of 200 KB of capital letters took
 * 39 s in one replace). This fuzzes each regex literal of the product code that reads transcripts,
 * criteria and judge answers with long inputs of the shapes that make backtracking engines
 * quadratic (long runs of one character, alternations, a run then a character that rejects it).
 * Lint (eslint-plugin-regexp's no-super-linear-* rules) catches most of them statically; this is
 * the measurement on V8 itself, which also covers what the analysis cannot see.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
// Code that reads uploaded or judged text: judging (judges, engine, evaluation API), import, criteria, references.
const FOLDERS = ["lib/judging", "lib/transcripts", "lib/criteria", "lib/references"];
const LENGTH = 25_000;
// A linear scan of 25,000 characters takes well under a millisecond; each quadratic one found
// here took 0.6 s or more. The bound is generous so that a loaded machine never fails a linear regex.
const BOUND_MS = 250;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    // Not tests and their fixtures: lib/judging/engine/test-fixtures holds a regex that backtracks exponentially on purpose.
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/(^|\/)(test-fixtures|testing)\//.test(file))
    .map((file) => path.join(folder, file));
}

interface Found {
  where: string;
  regex: RegExp;
}

interface Scanned {
  literals: Found[];
  /** Whether the file builds regexes with `new RegExp`: those are collected by loading it. */
  builds: boolean;
}

function scanFile(file: string): Scanned {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const literals: Found[] = [];
  let builds = false;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const literal = node.text;
      const end = literal.lastIndexOf("/");
      const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      literals.push({ where, regex: new RegExp(literal.slice(1, end), literal.slice(end + 1)) });
    }
    if (ts.isNewExpression(node) && node.expression.getText(source) === "RegExp") builds = true;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { literals, builds };
}

/** The regexes a module builds with `new RegExp` while it loads (its constants), caught by standing in for the constructor. */
async function builtWhileLoading(file: string): Promise<Found[]> {
  const Original = globalThis.RegExp;
  const built: RegExp[] = [];
  globalThis.RegExp = new Proxy(Original, {
    construct(target, args: [string | RegExp, string?], newTarget) {
      const regex = Reflect.construct(target, args, newTarget) as RegExp;
      built.push(regex);
      return regex;
    },
  });
  try {
    // A fresh instance: the suite shares its module cache between files, so the module may be loaded already.
    await import(/* @vite-ignore */ `${path.join(ROOT, file)}?regex-linearity`);
  } finally {
    globalThis.RegExp = Original;
  }
  return built.map((regex) => ({ where: `${file} (built)`, regex }));
}

const runs = [..."aA1 \t\n.,-_/:;()[]{}<>'\"#@*+=%$!?°é上\\|&^~`"].map((char) => char.repeat(LENGTH));
const pairs = ["aA", "Aa", "a ", "1 ", "1.", "1,", "a.", "a-", "a_", " -", "a:", "()", "[]", "{}", "1a", "A1", "a1", "#a", "\"a", " \n", "a'", "1/", "1:", "A_", "a\\", "ab"].map((pair) =>
  pair.repeat(LENGTH / 2),
);
// A run the regex can enter, then a character that rejects it.
const rejected = ["A", "1", " ", "a", "#", "-", "."].flatMap((char) => ["\u0000", "!", "x", "-"].map((end) => `${char.repeat(LENGTH)}${end}`));
// Runs behind what many readings start with: a number, a word, a key and its separator.
const entered = ["1", "a", "no", "status", "error", "- ", "1 ", "1.1", "\"a\":"].flatMap((head) => [" ", "1", "a", "."].map((char) => `${head}${char.repeat(LENGTH)}\u0000`));
const INPUTS = [...runs, ...pairs, ...rejected, ...entered];

function scan(regex: RegExp, input: string): void {
  const global = new RegExp(regex.source, regex.flags.includes("g") ? regex.flags : `${regex.flags}g`);
  for (const match of input.matchAll(global)) void match;
}

function timedScan(regex: RegExp, input: string): number {
  const started = performance.now();
  scan(regex, input);
  return performance.now() - started;
}

/** A backtracking regex is slow every time; a busy machine is slow now and then. Only a slow scan is measured again. */
function fastestScan(regex: RegExp, input: string): number {
  let fastest = timedScan(regex, input);
  for (let attempt = 1; attempt < 3 && fastest > BOUND_MS; attempt++) fastest = Math.min(fastest, timedScan(regex, input));
  return fastest;
}

describe("regular expressions that read uploaded text", () => {
  const files = FOLDERS.flatMap(sourceFiles);
  const scanned = files.map(scanFile);
  const regexes = scanned.flatMap((file) => file.literals);

  beforeAll(async () => {
    for (const [index, file] of files.entries()) if (scanned[index].builds) regexes.push(...(await builtWhileLoading(file)));
  });

  it("are found in the source, literals and built ones", () => {
    expect(regexes.length).toBeGreaterThan(200);
    expect(regexes.filter((found) => found.where.endsWith("(built)")).length).toBeGreaterThan(5);
  });

  it(`scan ${LENGTH.toLocaleString("en")} characters of any adversarial shape in linear time`, () => {
    const slow: string[] = [];
    for (const { where, regex } of regexes) {
      for (const input of INPUTS) {
        const elapsed = fastestScan(regex, input);
        if (elapsed > BOUND_MS) {
          slow.push(`${where} ${regex} on ${JSON.stringify(input.slice(0, 12))}… (${input.length} chars): ${Math.round(elapsed)} ms`);
          break;
        }
      }
    }
    expect(slow).toEqual([]);
  }, 600_000);
});
