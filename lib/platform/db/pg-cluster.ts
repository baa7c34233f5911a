import { execFileSync, spawnSync, type SpawnSyncOptions } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A throwaway PostgreSQL cluster in a temporary directory, for tests and CI: initdb + pg_ctl
 * from Debian's `postgresql` package, listening on 127.0.0.1 at a free port, trust auth, no
 * fsync. PostgreSQL refuses to run as root, so as root it runs as an unprivileged user
 * (CALLBOARD_PG_USER, default `nobody`) that owns the directory.
 */
export interface PgCluster {
  /** The directory holding the data directory, the log and the socket; removed by stopPgCluster. */
  dir: string;
  port: number;
  /** postgresql://callboard@127.0.0.1:<port>/callboard (the superuser and its database). */
  url: string;
}

export const PG_CLUSTER_USER = "callboard";

export class PgClusterError extends Error {
  override name = "PgClusterError";
}

/** The directory of initdb/pg_ctl: PG_BIN, else `pg_config --bindir`, else Debian's newest /usr/lib/postgresql/N/bin. */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env): string {
  const candidates: string[] = [];
  if (env.PG_BIN) candidates.push(env.PG_BIN);
  try {
    candidates.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8", env, stdio: ["ignore", "pipe", "ignore"] }).trim());
  } catch {
    // pg_config is in libpq-dev, which the server package does not need.
  }
  const debianRoot = "/usr/lib/postgresql";
  if (fs.existsSync(debianRoot)) {
    const versions = fs.readdirSync(debianRoot).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debianRoot, version, "bin")));
  }
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl")));
  if (!found) {
    throw new PgClusterError(
      `No PostgreSQL server found (looked in ${candidates.join(", ") || "PG_BIN, pg_config and /usr/lib/postgresql"}): install Debian's postgresql package or set PG_BIN to the directory of initdb and pg_ctl`,
    );
  }
  return found;
}

interface RunAs {
  uid: number;
  gid: number;
}

// Root: the user named by CALLBOARD_PG_USER (default nobody). Anyone else runs it as themselves.
function unprivilegedUser(env: NodeJS.ProcessEnv): RunAs | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  const name = env.CALLBOARD_PG_USER || "nobody";
  try {
    const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
    if (uid === 0) throw new PgClusterError(`CALLBOARD_PG_USER=${name} is root; PostgreSQL refuses to run as root`);
    return { uid, gid };
  } catch (error) {
    if (error instanceof PgClusterError) throw error;
    throw new PgClusterError(`Running as root, PostgreSQL needs an unprivileged user, but user ${JSON.stringify(name)} does not exist (set CALLBOARD_PG_USER)`);
  }
}

function run(bin: string, args: string[], options: SpawnSyncOptions & { runAs?: RunAs }): string {
  const { runAs, ...spawnOptions } = options;
  const result = spawnSync(bin, args, { ...spawnOptions, ...runAs, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.error) throw new PgClusterError(`${path.basename(bin)} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    const output = `${String(result.stdout ?? "")}${String(result.stderr ?? "")}`.trim();
    throw new PgClusterError(`${path.basename(bin)} ${args[0] ?? ""} failed (exit ${result.status}): ${output}`);
  }
  return String(result.stdout ?? "");
}

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no port assigned"))));
    });
  });
}

function ownerOf(dir: string, runAs: RunAs | undefined): void {
  if (runAs) fs.chownSync(dir, runAs.uid, runAs.gid);
}

/** initdb + pg_ctl start in a new temporary directory; stop it with stopPgCluster(dir). */
export async function startPgCluster(env: NodeJS.ProcessEnv = process.env): Promise<PgCluster> {
  const bin = postgresBinDir(env);
  const runAs = unprivilegedUser(env);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "callboard-pg-"));
  try {
    ownerOf(dir, runAs);
    const dataDir = path.join(dir, "data");
    // cwd in the directory: the unprivileged user may not be allowed into the caller's.
    const options = { cwd: dir, runAs, env: { ...env, LC_ALL: "C" } };
    run(path.join(bin, "initdb"), ["-D", dataDir, "-U", PG_CLUSTER_USER, "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync"], options);
    // A port taken between freePort and the server's bind makes pg_ctl fail: pick another.
    for (let attempt = 1; ; attempt += 1) {
      const port = await freePort();
      const serverOptions = [
        "-c listen_addresses=127.0.0.1",
        `-p ${port}`,
        `-k ${dir}`,
        // Throwaway data: durability only costs time.
        "-c fsync=off -c synchronous_commit=off -c full_page_writes=off",
        "-c max_connections=300",
      ].join(" ");
      try {
        run(path.join(bin, "pg_ctl"), ["start", "-w", "-t", "60", "-D", dataDir, "-l", path.join(dir, "postgres.log"), "-o", serverOptions], options);
      } catch (error) {
        if (attempt >= 3) throw error;
        continue;
      }
      run(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", PG_CLUSTER_USER, PG_CLUSTER_USER], options);
      return { dir, port, url: `postgresql://${PG_CLUSTER_USER}@127.0.0.1:${port}/${PG_CLUSTER_USER}` };
    }
  } catch (error) {
    const log = path.join(dir, "postgres.log");
    const tail = fs.existsSync(log) ? `\n${fs.readFileSync(log, "utf8").split("\n").slice(-10).join("\n")}` : "";
    fs.rmSync(dir, { recursive: true, force: true });
    if (error instanceof PgClusterError && tail) throw new PgClusterError(`${error.message}${tail}`, { cause: error });
    throw error;
  }
}

/** Stops the cluster in `dir` at once (its data is thrown away) and removes the directory. */
export function stopPgCluster(dir: string, env: NodeJS.ProcessEnv = process.env): void {
  const dataDir = path.join(dir, "data");
  if (!fs.existsSync(path.join(dir, "data", "PG_VERSION"))) {
    throw new PgClusterError(`${dir} holds no cluster made by startPgCluster (no data/PG_VERSION)`);
  }
  try {
    if (fs.existsSync(path.join(dataDir, "postmaster.pid"))) {
      run(path.join(postgresBinDir(env), "pg_ctl"), ["stop", "-w", "-m", "immediate", "-D", dataDir], {
        cwd: dir,
        runAs: unprivilegedUser(env),
        env: { ...env, LC_ALL: "C" },
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
