/**
 * Whether a parsed value nests objects/arrays deeper than `maxDepth` (a top-level object is
 * depth 1). Later steps (schemas, hashing) recurse, so they need the bound; this check
 * recurses too, but never deeper than the limit, and stops at the first branch over it.
 */
export function exceedsDepth(value: unknown, maxDepth: number): boolean {
  return deeper(value, maxDepth);
}

function deeper(value: unknown, budget: number): boolean {
  if (value === null || typeof value !== "object") return false;
  if (budget === 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const child: unknown = value[i];
      if (child !== null && typeof child === "object" && deeper(child, budget - 1)) return true;
    }
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    if (child !== null && typeof child === "object" && deeper(child, budget - 1)) return true;
  }
  return false;
}
