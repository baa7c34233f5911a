import { z } from "zod";

/** Settings every network judge shares; defaults are applied by the judges, not here. */
export const requestSettingsShape = {
  /** Per-request timeout; the engine's retries each get a fresh one. */
  timeoutMs: z.number().int().min(1).max(600_000).optional(),
  /** Retries inside the SDK. 0 by default: the engine owns retries and backoff. */
  maxRetries: z.number().int().min(0).max(10).optional(),
};

export const samplingSettingsShape = {
  /** Not sent when unset, because reasoning models reject any temperature but their default. */
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().min(1).max(200_000).optional(),
};

export const baseUrlSchema = z.url({ protocol: /^https?$/, message: "must be an http(s) URL" });
