export interface ImportLimits {
  /** Bytes of one item (a line, an array element, or a whole single-object file). */
  maxItemBytes: number;
  /** Nesting of objects and arrays inside one item. */
  maxDepth: number;
}

export const DEFAULT_LIMITS: ImportLimits = {
  maxItemBytes: 16 * 1024 * 1024,
  maxDepth: 64,
};

export function resolveLimits(limits?: Partial<ImportLimits>): ImportLimits {
  return { ...DEFAULT_LIMITS, ...limits };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${trim(bytes / 1024)} KB`;
  return `${trim(bytes / (1024 * 1024))} MB`;
}

function trim(n: number): string {
  return n >= 10 ? String(Math.round(n)) : n.toFixed(1).replace(/\.0$/, "");
}
