/**
 * One data model for both databases. Prisma 7 fixes the provider in the schema and compiles
 * queries per provider, so prisma/schema.prisma (SQLite, the default) is the source and the
 * PostgreSQL schema is derived from it: same models, provider "postgresql", its own client.
 */
export type DatabaseProvider = "sqlite" | "postgresql";

/** Where the PostgreSQL client is generated, relative to the derived schema (see scripts/generate-postgres-client.ts). */
export const POSTGRES_CLIENT_OUTPUT = "./prisma-pg";

function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`));
  if (matches?.length !== 1) {
    throw new Error(`prisma/schema.prisma: expected exactly one ${what}, found ${matches?.length ?? 0}; the PostgreSQL schema is derived from it`);
  }
  return text.replace(pattern, replacement);
}

/** schema.prisma's text as PostgreSQL's schema, its client generated to `output` (relative to the derived file). */
export function postgresSchemaText(sqliteSchema: string, output: string = POSTGRES_CLIENT_OUTPUT): string {
  let text = replaceOnce(sqliteSchema, /(datasource\s+db\s*\{[^}]*?provider\s*=\s*)"sqlite"/, '$1"postgresql"', 'datasource with provider = "sqlite"');
  text = replaceOnce(text, /(generator\s+client\s*\{[^}]*?output\s*=\s*)"[^"]*"/, `$1${JSON.stringify(output)}`, "generator client with an output");
  return `// Generated from prisma/schema.prisma by scripts/generate-postgres-client.ts: edit that file instead.\n${text}`;
}
