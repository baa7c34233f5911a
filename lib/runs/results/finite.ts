/**
 * Scores come from JSON, plug-in judges and SQLite; NaN or Infinity in any of them would poison a
 * mean or a chart, so every function here reads numbers through this guard.
 */
export function finite(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
