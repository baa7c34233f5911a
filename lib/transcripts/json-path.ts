const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `["messages", 3, "tool_calls", 0]` -> `messages[3].tool_calls[0]`; odd keys are quoted: `metadata["a b"]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else {
      const key = String(segment);
      if (IDENTIFIER.test(key)) out += out === "" ? key : `.${key}`;
      else out += `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

/** The value at `path` inside `root`, or undefined when the path leads nowhere. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    if (Array.isArray(current)) {
      if (typeof segment !== "number") return undefined;
      current = current[segment];
    } else {
      current = (current as Record<PropertyKey, unknown>)[segment];
    }
  }
  return current;
}

/** Whether the parent object at `path` lacks the last key: "missing" reads better than "got undefined". */
export function isMissing(root: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return root === undefined;
  const parent = valueAt(root, path.slice(0, -1));
  if (parent === null || typeof parent !== "object") return false;
  const key = path[path.length - 1];
  return !(key in parent) || (parent as Record<PropertyKey, unknown>)[key] === undefined;
}
