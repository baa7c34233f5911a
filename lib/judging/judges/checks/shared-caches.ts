/**
 * The judge's module-level caches keyed by content (texts, argument names, schemas): shared by
 * every call, criterion and run of the process, each bounded on its own. They register here so
 * that one call can empty them all: a benchmark that judges the same set several times must not
 * find the second pass already analysed (caches keyed by object identity need no emptying: new
 * objects never hit them).
 */
interface Clearable {
  clear(): void;
}

const registered: Clearable[] = [];

/** Registers `cache` (a Map, or anything that can be cleared) and returns it. */
export function sharedCache<T extends Clearable>(cache: T): T {
  registered.push(cache);
  return cache;
}

/** Empties every registered cache: the judge then knows no more than in a new process. */
export function clearSharedCaches(): void {
  for (const cache of registered) cache.clear();
}
