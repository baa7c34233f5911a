import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  bindMigrationAwareSqlAdapterFactory,
  isDriverAdapterError,
  type ErrorRegistry,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaContainer, SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { SchemaEnginePgFactory } from "./pg-engine-factory";
import { withQuotedIndexName } from "./partial-index-lookup";
import { overrideConnection, sqliteAdapterFactory } from "./sqlite";

// Prisma's native schema engine needs a download; its WASM build runs offline on our own
// better-sqlite3 connections (docs: "Prisma 7 offline"), or on pg ones through
// @prisma/adapter-pg for PostgreSQL. Operations are in schema-engine.ts.

let wasmReady: Promise<void> | undefined;

// Node cannot import .wasm, so do by hand what the package's schema_engine.js does. The bg
// module holds one instance per process; load it once.
function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const fromRoot = createRequire(path.join(process.cwd(), "package.json"));
    const bgPath = fromRoot.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmModule = await WebAssembly.compile(await fs.promises.readFile(path.join(path.dirname(bgPath), "schema_engine_bg.wasm")));
    const instance = await WebAssembly.instantiate(wasmModule, { "./schema_engine_bg.js": bg });
    bg.__wbg_set_wasm(instance.exports);
    const start = instance.exports.__wbindgen_start;
    if (typeof start !== "function") throw new Error("schema_engine_bg.wasm exports no __wbindgen_start");
    start();
  })().catch((error: unknown) => {
    wasmReady = undefined;
    throw error;
  });
  return wasmReady;
}

// The engine's lookup of a partial index's WHERE clause quotes the name as better-sqlite3 refuses.
function readablePartialIndexes(connection: SqlDriverAdapter): SqlDriverAdapter {
  return overrideConnection(connection, { queryRaw: (query) => connection.queryRaw({ ...query, sql: withQuotedIndexName(query.sql) }) });
}

// The shadow database replays migration files through executeRaw, and better-sqlite3 runs one
// statement per call (P3006 on any multi-statement file); parameterless SQL can go to exec().
function runScriptsWhole(connection: SqlDriverAdapter): SqlDriverAdapter {
  return overrideConnection(readablePartialIndexes(connection), {
    executeRaw: async (query) => {
      if (query.args.length > 0) return connection.executeRaw(query);
      await connection.executeScript(query.sql);
      return 0;
    },
  });
}

/**
 * SQLite answered SQLITE_BUSY: another connection kept a lock the engine needs past the busy
 * timeout. The engine takes the whole file (locking_mode=EXCLUSIVE, which in WAL mode waits until
 * no other connection has it open, even an idle one), so this is another process on the file.
 */
export class DatabaseLockedError extends Error {
  override name = "DatabaseLockedError";
}

// @prisma/adapter-better-sqlite3 reports SQLITE_BUSY as the error kind "SocketTimeout", which
// this build of the engine cannot read ("unknown variant `SocketTimeout`"), losing the cause. A
// plain JS error instead goes through the error registry, where explainEngineError finds it.
function busyAsJsError(connection: SqlDriverAdapter): SqlDriverAdapter {
  const translated = <T>(operation: Promise<T>): Promise<T> =>
    operation.catch((error: unknown) => {
      if (isDriverAdapterError(error) && error.cause.kind === "SocketTimeout") {
        throw new DatabaseLockedError(`SQLite: ${error.cause.originalMessage ?? "database is locked"}`, { cause: error });
      }
      throw error;
    });
  return overrideConnection(connection, {
    queryRaw: (query) => translated(connection.queryRaw(query)),
    executeRaw: (query) => translated(connection.executeRaw(query)),
    executeScript: (script) => translated(connection.executeScript(script)),
    startTransaction: (isolationLevel) => translated(connection.startTransaction(isolationLevel)),
  });
}

// The engine sets locking_mode=EXCLUSIVE and never closes its connections (not even on
// free()), which would lock the web server out of the file: close them ourselves. On
// PostgreSQL, closing also ends pg's pool and drops the shadow database.
class ClosingFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider: SqlMigrationAwareDriverAdapterFactory["provider"];
  readonly adapterName: string;
  readonly #open: SqlDriverAdapter[] = [];

  constructor(private readonly inner: SqlMigrationAwareDriverAdapterFactory) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const connection = await this.inner.connect();
    return this.#track(this.provider === "sqlite" ? busyAsJsError(readablePartialIndexes(connection)) : connection);
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadow = await this.inner.connectToShadowDb();
    return this.#track(this.provider === "sqlite" ? runScriptsWhole(shadow) : shadow);
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled(this.#open.splice(0).map((connection) => connection.dispose()));
  }

  #track(connection: SqlDriverAdapter): SqlDriverAdapter {
    this.#open.push(connection);
    return connection;
  }
}

export class SchemaEngineError extends Error {
  override name = "SchemaEngineError";
  constructor(
    message: string,
    readonly code: string | undefined,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

// Engine errors end in a Rust span trace and report driver failures only as "External error
// id#N": keep the message, put the driver's own message in, and name the failing migration. A
// locked database is no failure of the engine's: it goes to the caller as it is.
function explainEngineError(error: unknown, registry: ErrorRegistry): SchemaEngineError | DatabaseLockedError {
  const raw = error instanceof Error ? error.message : String(error);
  const externalId = /External error id#(\d+)/.exec(raw)?.[1];
  const external = externalId === undefined ? undefined : registry.consumeError(Number(externalId))?.error;
  if (external instanceof DatabaseLockedError) return external;
  const code = error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
  const lines = raw.split("\n");
  const traceStart = lines.findIndex((line) => /^\s+\d+: /.test(line));
  let message = (traceStart === -1 ? lines : lines.slice(0, traceStart)).map((line) => line.trim()).filter(Boolean).join(" ");
  if (external instanceof Error) message = message.replace(/External error id#\d+/, external.message);
  const migration = /migration_name="([^"]+)"/.exec(raw)?.[1];
  if (migration !== undefined && !message.includes(migration)) message = `Migration ${migration}: ${message}`;
  return new SchemaEngineError(code ? `${code} ${message}` : message, code, { cause: error });
}

// The engine logs every statement it runs at INFO; only problems are worth a line.
function onEngineLog(line: unknown): void {
  if (typeof line !== "string") return;
  try {
    const entry: unknown = JSON.parse(line);
    if (typeof entry !== "object" || entry === null || !("level" in entry)) return;
    if (entry.level !== "WARN" && entry.level !== "ERROR") return;
    const fields = "fields" in entry && typeof entry.fields === "object" && entry.fields !== null ? entry.fields : {};
    const message = "message" in fields && typeof fields.message === "string" ? fields.message : line.trim();
    console.warn(`[schema-engine] ${String(entry.level)} ${message}`);
  } catch {
    console.warn(`[schema-engine] ${line.trim()}`);
  }
}

/**
 * The database an engine works on: a SQLite file (or ":memory:"), with how long to wait for
 * other connections' locks (default BUSY_TIMEOUT_MS), or a PostgreSQL URL (also where it makes
 * shadow databases).
 */
export type EngineTarget = { provider: "sqlite"; filePath: string; busyTimeoutMs?: number } | { provider: "postgresql"; url: string };

function adapterFactory(target: EngineTarget): SqlMigrationAwareDriverAdapterFactory {
  if (target.provider === "sqlite") return sqliteAdapterFactory(target.filePath, target.busyTimeoutMs);
  return new SchemaEnginePgFactory(target.url);
}

/** Runs `run` on a fresh engine connected to `target`, then closes every connection it opened. */
export async function withEngine<T>(target: EngineTarget, schema: SchemaContainer, run: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  await loadWasm();
  const factory = new ClosingFactory(adapterFactory(target));
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  let engine: SchemaEngine | undefined;
  try {
    engine = await bg.SchemaEngine.new({ datamodels: [[schema.path, schema.content]] }, onEngineLog, bound);
    return await run(engine);
  } catch (error) {
    throw explainEngineError(error, bound.errorRegistry);
  } finally {
    engine?.free();
    await factory.closeAll();
  }
}
