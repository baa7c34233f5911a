/**
 * `npx callboard …` (through bin/callboard.mjs): the command line. Evaluates transcript files
 * without the web server and gates CI on the result; see lib/cli/help.ts.
 */
import path from "node:path";
import { runCli } from "@/lib/cli/run-cli";

const projectRoot = path.resolve(import.meta.dirname, "..");
const cwd = process.cwd();
// The database code (migrations, the schema engine's WASM, data/) expects to run from the
// project root, as every project script does; file arguments stay relative to where the user typed them.
process.chdir(projectRoot);

runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd,
  projectRoot,
}).then(
  (code) => {
    // Set, not exit(): a large report piped to another program must be written out first.
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error("callboard:", error);
    process.exitCode = 2;
  },
);
