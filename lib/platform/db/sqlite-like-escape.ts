import type { SqlDriverAdapter, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";

/*
 * Prisma's string filters (contains, startsWith, endsWith) are LIKE with the text as a parameter
 * and no ESCAPE clause. PostgreSQL's LIKE then takes a backslash as its escape character; SQLite's
 * has none, so a `%` or `_` in the text could only ever be a wildcard there (prisma/prisma#23611).
 * Callboard's SQLite connections add `ESCAPE '\'` to those three shapes of Prisma's SQL, so that
 * a filter escaped once (lib/platform/db/text-search.ts escapeLike) means the same on both
 * databases. SQLite's LIKE is otherwise unchanged (native, ASCII case folding).
 * If Prisma ever writes these LIKEs differently, text-search's tests fail on SQLite.
 */
const PRISMA_LIKE = /\bLIKE \((?:'%' \|\| )?\?(?: \|\| '%')?\)(?!\s*ESCAPE)/g;

export function withLikeEscape(query: SqlQuery): SqlQuery {
  if (!query.sql.includes(" LIKE (")) return query;
  return { ...query, sql: query.sql.replace(PRISMA_LIKE, "$& ESCAPE '\\'") };
}

function escapingTransaction(transaction: Transaction): Transaction {
  return {
    provider: transaction.provider,
    adapterName: transaction.adapterName,
    options: transaction.options,
    queryRaw: (query) => transaction.queryRaw(withLikeEscape(query)),
    executeRaw: (query) => transaction.executeRaw(withLikeEscape(query)),
    commit: () => transaction.commit(),
    rollback: () => transaction.rollback(),
    ...(transaction.createSavepoint ? { createSavepoint: transaction.createSavepoint.bind(transaction) } : {}),
    ...(transaction.rollbackToSavepoint ? { rollbackToSavepoint: transaction.rollbackToSavepoint.bind(transaction) } : {}),
    ...(transaction.releaseSavepoint ? { releaseSavepoint: transaction.releaseSavepoint.bind(transaction) } : {}),
  };
}

/** `connection` with withLikeEscape applied to every query, in and out of transactions. */
export function escapingLikes(connection: SqlDriverAdapter): Pick<SqlDriverAdapter, "queryRaw" | "executeRaw" | "startTransaction"> {
  return {
    queryRaw: (query) => connection.queryRaw(withLikeEscape(query)),
    executeRaw: (query) => connection.executeRaw(withLikeEscape(query)),
    startTransaction: async (isolationLevel) => escapingTransaction(await connection.startTransaction(isolationLevel)),
  };
}
