import { z } from "zod";
import type { JsonObject, JsonValue } from "../types";
import { FALLBACK_PARAM } from "../zod-errors";

/**
 * Items reach the schemas from JSON.parse, so any object is already JSON: checking the
 * outer kind is enough, and walking every nested value again would only cost time.
 */
export const jsonObject = z.looseObject({});

export function asJsonObject(value: Record<string, unknown>): JsonObject {
  return value as JsonObject;
}

export function asJsonValue(value: unknown): JsonValue {
  return value as JsonValue;
}

/**
 * The catch-all branch for kinds a format may add later (new content block types, built-in
 * tools): accepted and reported as a warning, instead of rejecting the whole transcript.
 */
export function otherType(known: readonly string[], what: string) {
  const knownSet = new Set(known);
  // One flagged check for every way of not matching (no object, no `type`, a known `type`),
  // so that the error formatter can always recognise and skip this branch.
  return z.custom<{ type: string; [key: string]: unknown }>(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      typeof (value as { type?: unknown }).type === "string" &&
      !knownSet.has((value as { type: string }).type),
    { message: `is not a valid ${what}`, params: { [FALLBACK_PARAM]: true } },
  );
}

/** Fields every format may carry beside its own. */
export const commonFields = {
  name: z.string().nullish(),
  metadata: jsonObject.nullish(),
  evaluation_criteria: z.union([z.string(), z.array(z.string())]).optional(),
};
