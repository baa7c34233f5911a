/**
 * A throwaway PostgreSQL cluster (lib/platform/db/pg-cluster.ts), for CI and for trying
 * Callboard on PostgreSQL without installing a server:
 *
 *   eval "$(npx tsx scripts/pg-cluster.ts start)"   # sets DATABASE_URL and PG_CLUSTER_DIR
 *   npx tsx scripts/pg-cluster.ts stop "$PG_CLUSTER_DIR"
 *   npx tsx scripts/pg-cluster.ts run -- <command> [args]   # start, run with DATABASE_URL set, stop
 */
import { spawnSync } from "node:child_process";
import { startPgCluster, stopPgCluster } from "../lib/platform/db/pg-cluster";

const USAGE = "usage: pg-cluster.ts start | stop <dir> | run -- <command> [args...]";

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === "start" && rest.length === 0) {
    const cluster = await startPgCluster();
    console.log(`export DATABASE_URL=${shellQuote(cluster.url)}`);
    console.log(`export PG_CLUSTER_DIR=${shellQuote(cluster.dir)}`);
    return 0;
  }
  if (command === "stop" && rest.length === 1) {
    stopPgCluster(rest[0]);
    return 0;
  }
  if (command === "run" && rest[0] === "--" && rest.length > 1) {
    const cluster = await startPgCluster();
    const stop = () => stopPgCluster(cluster.dir);
    // The cluster must not outlive an interrupted run.
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => undefined);
    try {
      console.error(`pg-cluster: PostgreSQL at ${cluster.url} (${cluster.dir})`);
      const result = spawnSync(rest[1], rest.slice(2), { stdio: "inherit", env: { ...process.env, DATABASE_URL: cluster.url } });
      if (result.error) throw result.error;
      return result.status ?? 1;
    } finally {
      stop();
    }
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`pg-cluster: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
