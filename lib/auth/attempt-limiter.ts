/**
 * Slows password guessing: after `maxFailures` wrong passwords for one email within `windowMs`,
 * that email is refused until the window passes. Kept in memory: Callboard runs as one server
 * process, and a restart forgetting the count is an acceptable loss for a self-hosted tool.
 */
export interface AttemptLimiter {
  /** Null when an attempt may go ahead, else how long until it may. */
  retryAfterMs(key: string, now?: number): number | null;
  recordFailure(key: string, now?: number): void;
  recordSuccess(key: string): void;
}

export interface AttemptLimits {
  maxFailures: number;
  windowMs: number;
  /** Bounds memory when someone tries many emails: the oldest entries go first. */
  maxKeys: number;
}

export const SIGN_IN_LIMITS: AttemptLimits = { maxFailures: 10, windowMs: 15 * 60_000, maxKeys: 10_000 };

export function createAttemptLimiter(limits: AttemptLimits = SIGN_IN_LIMITS): AttemptLimiter {
  // Failure times per key, oldest first; a Map keeps insertion order for eviction.
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => (failures.get(key) ?? []).filter((at) => now - at < limits.windowMs);

  return {
    retryAfterMs(key, now = Date.now()) {
      const times = recent(key, now);
      if (times.length < limits.maxFailures) return null;
      return times[times.length - limits.maxFailures] + limits.windowMs - now;
    },
    recordFailure(key, now = Date.now()) {
      const times = [...recent(key, now), now];
      failures.delete(key);
      failures.set(key, times);
      while (failures.size > limits.maxKeys) {
        const oldest = failures.keys().next().value;
        if (oldest === undefined) break;
        failures.delete(oldest);
      }
    },
    recordSuccess(key) {
      failures.delete(key);
    },
  };
}

export function signInKey(email: string): string {
  return email.trim().toLowerCase();
}
