import { sqliteDateTime } from "@/lib/platform/db/bulk-writer";

/**
 * Helpers for the worker's set-based statements. A batch goes to SQLite as one JSON parameter
 * read with json_each: one statement per batch instead of one per row, and far from SQLite's
 * bound on parameters however large the batch.
 */
export const asJson = (value: unknown): string => JSON.stringify(value);

/** A DateTime parameter, written as Prisma writes it so both read and sort the same. */
export const sqlDate = (date: Date): string => sqliteDateTime(date);

/** SQLite integers may come back as bigint through the adapter. */
export const asNumber = (value: unknown): number => (typeof value === "bigint" ? Number(value) : Number(value ?? 0));

/** A JSON column read raw: its text, parsed; null stays null. */
export function parseJsonColumn(value: unknown): unknown {
  if (typeof value !== "string") return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
