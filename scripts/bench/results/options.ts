/** The command line of `npm run bench:results`. */
import { DATABASE_USAGE, takeDatabaseOption, type DatabaseOption } from "../database";

export interface Options {
  transcripts: number;
  calls: number;
  bothShare: number;
  repeat: number;
  port: number;
  seed: number;
  buildTimeout: number;
  readyTimeout: number;
  requestTimeout: number;
  browser: boolean;
  keep: boolean;
  json: boolean;
  database: DatabaseOption;
  /** A database an earlier bench seeded and kept (--keep): measured again instead of seeding anew. */
  reuse: string | null;
  /**
   * A PostgreSQL database that already holds the rows of --reuse FILE (scripts/bench/copy-to-postgres-fast.ts):
   * measured there, without the copy. Migrated and given the run's final snapshots first, like the file.
   */
  postgresCopy: string | null;
  /** Empty the operating system's page cache before the server starts: the first views then read from disk. */
  cold: boolean;
}

/** Ports below this belong to others on a shared machine: `npm start` (3000), the e2e suite (3100), dev servers. */
const LOWEST_PORT = 3200;

export const USAGE =
  "usage: npm run bench:results -- [--transcripts N (2000)] [--calls N (10000)] [--both-share F (0.5)] [--repeat N (7)] [--port N (3300)] " +
  "[--seed N (1)] [--build-timeout S (900)] [--ready-timeout S (120)] [--request-timeout S (60)] [--no-browser] [--keep] [--json] [--reuse FILE (a bench.db kept by --keep)] [--postgres-copy URL (FILE's rows already copied there)] [--cold (empty the OS page cache first; root)] " +
  DATABASE_USAGE;

function usage(code: number): never {
  console.log(USAGE);
  process.exit(code);
}

function fail(message: string): never {
  console.error(`bench-results: ${message}`);
  usage(2);
}

function positiveInteger(value: string | undefined, option: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`${option} needs a positive integer, got ${JSON.stringify(value ?? "")}`);
  return n;
}

export function parseOptions(all: string[]): Options {
  let taken: ReturnType<typeof takeDatabaseOption>;
  try {
    taken = takeDatabaseOption(all);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const argv = taken.rest;
  const options: Options = {
    transcripts: 2000,
    calls: 10_000,
    bothShare: 0.5,
    repeat: 7,
    port: 3300,
    seed: 1,
    buildTimeout: 900,
    readyTimeout: 120,
    requestTimeout: 60,
    browser: true,
    keep: false,
    json: false,
    database: taken.option,
    reuse: null,
    postgresCopy: null,
    cold: false,
  };
  const integers = {
    "--transcripts": "transcripts",
    "--calls": "calls",
    "--repeat": "repeat",
    "--port": "port",
    "--seed": "seed",
    "--build-timeout": "buildTimeout",
    "--ready-timeout": "readyTimeout",
    "--request-timeout": "requestTimeout",
  } as const satisfies Record<string, keyof Options>;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg in integers) options[integers[arg as keyof typeof integers]] = positiveInteger(argv[++i], arg);
    else if (arg === "--both-share") {
      const value = argv[++i];
      options.bothShare = Number(value);
      if (value === undefined || !Number.isFinite(options.bothShare) || options.bothShare < 0 || options.bothShare > 1) fail(`--both-share needs a number in [0, 1], got ${JSON.stringify(value ?? "")}`);
    } else if (arg === "--no-browser") options.browser = false;
    else if (arg === "--keep") options.keep = true;
    else if (arg === "--json") options.json = true;
    else if (arg === "--cold") options.cold = true;
    else if (arg === "--reuse") {
      const file = argv[++i];
      if (!file) fail("--reuse needs the path of a bench.db that an earlier bench kept (--keep)");
      options.reuse = file;
    } else if (arg === "--postgres-copy") {
      const url = argv[++i];
      if (!url?.startsWith("postgres")) fail("--postgres-copy needs the postgresql:// URL of a database holding --reuse FILE's rows");
      options.postgresCopy = url;
    }
    else if (arg === "--help" || arg === "-h") usage(0);
    else if (arg !== "--") fail(`unknown option ${arg}`);
  }
  if (options.calls < options.transcripts || options.calls > options.transcripts * 9) {
    fail(`--calls must be between --transcripts and 9 × --transcripts (1–9 calls each); got ${options.calls} for ${options.transcripts}`);
  }
  if (options.postgresCopy && !options.reuse) fail("--postgres-copy measures the copy of a kept database: give --reuse FILE too");
  if (options.port < LOWEST_PORT) fail(`--port must be ${LOWEST_PORT} or more (3000, 3100 and nearby belong to npm start, the e2e suite and other servers)`);
  return options;
}
