import { z } from "zod";

/**
 * The `reference` a transcript may carry: the calls it should have made. The format is fixed (see
 * docs/references.md) so that users' converters and our matchers agree; an unknown option is an
 * error, not something silently ignored.
 */

const argPaths = z.array(z.string().min(1)).max(200);

const referenceCall = z
  .strictObject({
    name: z.string().min(1),
    args: z.record(z.string(), z.unknown()).optional(),
    allowed: z.record(z.string(), z.array(z.unknown(), { error: "expected a list of the values that pass (BFCL's possible answer)" })).optional(),
    optional: z.boolean().optional(),
    compare: argPaths.optional(),
    ignore: argPaths.optional(),
    types: z.record(z.string(), z.string()).optional(),
  })
  .refine((call) => !(call.args && call.allowed), { error: "give either args (literal values) or allowed (possible values), not both" });

const step = z.strictObject({
  order: z.literal("any").optional(),
  calls: z.array(referenceCall).min(1).max(1000),
});

const override = z.strictObject({ compare: argPaths.optional(), ignore: argPaths.optional() });

const match = z.strictObject({
  preset: z.literal("bfcl").nullable().optional(),
  language: z.enum(["python", "java", "javascript"]).optional(),
  trajectory: z.enum(["strict", "unordered", "subset", "superset"]).optional(),
  args: z.enum(["exact", "ignore", "subset", "superset"]).optional(),
  strings: z.enum(["exact", "bfcl"]).optional(),
  numbers: z.enum(["typed", "value"]).optional(),
  free_tools: z.array(z.string().min(1)).max(1000).optional(),
  overrides: z.record(z.string(), override).optional(),
});

export const referenceSchema = z.strictObject({
  steps: z.array(step).max(10_000),
  match: match.optional(),
});

export type ReferenceInput = z.infer<typeof referenceSchema>;
