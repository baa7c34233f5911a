/**
 * Calls `callback` once when `signal` aborts; returns a function that forgets it. One real
 * listener per signal fans out to all callbacks: a worker passes its one signal to every judge
 * call in flight (a thousand with the threaded checks judge), and EventTarget's
 * addEventListener/removeEventListener cost grows with the listeners already there (in the
 * worker's profile: 1.5 s of 30 s with a thousand calls in flight). Callers check `aborted`
 * first: a signal that has already aborted never calls back.
 */
const callbacks = new WeakMap<AbortSignal, Set<() => void>>();

export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let set = callbacks.get(signal);
  if (!set) {
    const created = new Set<() => void>();
    callbacks.set(signal, (set = created));
    signal.addEventListener(
      "abort",
      () => {
        callbacks.delete(signal);
        for (const call of [...created]) call();
      },
      { once: true },
    );
  }
  const own = set;
  own.add(callback);
  return () => {
    own.delete(callback);
  };
}
