"use client";

import { z } from "zod";

// Zod 4 probes `new Function` before its first object parse to pick a faster path. Under the
// Content-Security-Policy (no 'unsafe-eval', lib/platform/security/headers.ts) the probe fails harmlessly
// but the browser reports a violation on every page with a form; jitless skips the probe. Only in
// the browser: the server keeps the faster path for uploads.
if (typeof window !== "undefined") z.config({ jitless: true });

/** Rendered once by the root layout so that this module runs before any client component parses. */
export function CspSafeZod() {
  return null;
}
