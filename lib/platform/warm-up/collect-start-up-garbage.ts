import v8 from "node:v8";
import vm from "node:vm";

/**
 * Start-up (loading every route, the warm-up reads and requests) leaves the young generation full
 * and the old one near its next limit, so the first views after a start paid for collecting it:
 * 12-52 ms of a run page's first view at 1.26 million results went to V8's collector, where the
 * next views paid none. One full collection once start-up is done pays it before a person comes
 * (bench:results on PostgreSQL, six alternating pairs: first view 211-310 ms with it, 233-349 ms
 * without, 30 ms less on average).
 *
 * `gc` is V8's own, reached through a context created while --expose-gc is on, and the flag is
 * turned off again, so no other code sees it. Returns the milliseconds the collection took, or
 * null when V8 gave no `gc`.
 */
export function collectStartUpGarbage(): number | null {
  const gc = exposedGc();
  if (!gc) return null;
  const started = performance.now();
  gc();
  return performance.now() - started;
}

function exposedGc(): (() => void) | null {
  const global = (globalThis as { gc?: unknown }).gc;
  if (typeof global === "function") return global as () => void;
  v8.setFlagsFromString("--expose-gc");
  try {
    const gc: unknown = vm.runInNewContext("typeof gc === 'function' ? gc : null");
    return typeof gc === "function" ? (gc as () => void) : null;
  } finally {
    v8.setFlagsFromString("--no-expose-gc");
  }
}
