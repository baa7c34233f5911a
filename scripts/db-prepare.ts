/** `npm run dev` runs this first: migrations, then the demo data into an empty database. */
import { EnvError } from "@/lib/env";
import { prepareDatabase } from "./prepare-database";

prepareDatabase().catch((error: unknown) => {
  console.error(error instanceof EnvError || error instanceof Error ? error.message : error);
  process.exit(1);
});
