import crypto from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { overrideConnection } from "./sqlite";

// The schema engine reads PostgreSQL's catalogs, whose `"char"` columns (OID 18, e.g.
// pg_class.relkind) @prisma/adapter-pg has no column type for ("Column type 'char' could not
// be deserialized"). pg already reads them as one-character strings, so the engine's
// connections report them as text (OID 25). The app's own client never selects "char".
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

function charAsText(result: unknown): unknown {
  for (const one of Array.isArray(result) ? result : [result]) {
    const fields: unknown = typeof one === "object" && one !== null ? Reflect.get(one, "fields") : undefined;
    if (!Array.isArray(fields)) continue;
    for (const field of fields) {
      if (typeof field === "object" && field !== null && Reflect.get(field, "dataTypeID") === PG_CHAR_OID) {
        Reflect.set(field, "dataTypeID", PG_TEXT_OID);
      }
    }
  }
  return result;
}

/** A pg Client whose results report "char" columns as text; pass it as the pool's `Client`, which shadow pools inherit. */
export class SchemaEngineClient extends pg.Client {}

Object.defineProperty(SchemaEngineClient.prototype, "query", {
  value: function query(this: pg.Client, ...args: unknown[]): unknown {
    const last = args.at(-1);
    if (typeof last === "function") {
      // pg-pool's pool.query calls client.query with a callback.
      const callback = (error: unknown, result: unknown) => Reflect.apply(last, undefined, [error, error ? result : charAsText(result)]);
      return Reflect.apply(pg.Client.prototype.query, this, [...args.slice(0, -1), callback]);
    }
    const returned: unknown = Reflect.apply(pg.Client.prototype.query, this, args);
    return returned instanceof Promise ? returned.then(charAsText) : returned;
  },
});

/** A pool for the schema engine on `url`; the adapter ends it when the engine's connection is disposed. */
function schemaEnginePool(url: string): pg.Pool {
  return new pg.Pool({ connectionString: url, Client: SchemaEngineClient });
}

// @prisma/adapter-pg's executeScript splits scripts at every ";", which breaks on one inside a
// string literal or a function body; pg's simple query protocol runs a whole script at once.
function wholeScripts(connection: SqlDriverAdapter, pool: pg.Pool): SqlDriverAdapter {
  return overrideConnection(connection, {
    executeScript: async (script) => {
      try {
        await pool.query(script);
      } catch (error) {
        throw new Error(error instanceof Error ? error.message : String(error), { cause: error });
      }
    },
  });
}

async function connectEngine(url: string): Promise<SqlDriverAdapter> {
  const pool = schemaEnginePool(url);
  return wholeScripts(await new PrismaPg(pool, { disposeExternalPool: true }).connect(), pool);
}

/**
 * The schema engine's connections to PostgreSQL. The adapter's own connectToShadowDb creates a
 * shadow database and then, since pg lets `connectionString` win over `database`, replays the
 * migrations into the main database instead: connect to the shadow one by its URL here.
 */
export class SchemaEnginePgFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres";
  readonly adapterName = "@prisma/adapter-pg";

  constructor(private readonly url: string) {}

  connect(): Promise<SqlDriverAdapter> {
    return connectEngine(this.url);
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const main = await this.connect();
    const name = `prisma_migrate_shadow_db_${crypto.randomUUID().replace(/-/g, "")}`;
    try {
      await main.executeScript(`CREATE DATABASE "${name}"`);
      const shadowUrl = new URL(this.url);
      shadowUrl.pathname = `/${name}`;
      const shadow = await connectEngine(shadowUrl.toString());
      return overrideConnection(shadow, {
        dispose: async () => {
          await shadow.dispose();
          await main.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          await main.dispose();
        },
      });
    } catch (error) {
      await main.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await main.dispose();
      throw error;
    }
  }
}
