/** `npm run dev`: migrations and demo data, then `next dev` beside one evaluation worker. */
import { EnvError } from "@/lib/platform/env";
import { prepareDatabase } from "./prepare-database";
import { nextBin, runSupervised } from "./supervised";

prepareDatabase()
  .then(() => runSupervised({ command: nextBin, args: ["dev", ...process.argv.slice(2)], env: process.env }))
  .catch((error: unknown) => {
    console.error(error instanceof EnvError || error instanceof Error ? error.message : error);
    process.exit(1);
  });
