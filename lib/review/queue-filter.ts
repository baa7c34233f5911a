import { z } from "zod";
import { PASS_THRESHOLD } from "@/lib/runs/results/verdict";

/** How a queue picks among the pairs that match: every one, a random sample, or a stratified one. */
export const QUEUE_SAMPLINGS = ["all", "random", "stratified"] as const;
export type QueueSampling = (typeof QUEUE_SAMPLINGS)[number];

/** A queue a team can get through: a bigger set is better sampled than queued whole. */
export const MAX_QUEUE_ITEMS = 5000;

/** The modes a queue may be limited to. */
export const QUEUE_MODES = ["immediate", "hindsight"] as const;

/** What a queue may take: call-level results (call × criterion) and agent-level ones (transcript × agent criterion). */
export const QUEUE_SCOPES = ["call", "agent"] as const;
export type QueueScope = (typeof QUEUE_SCOPES)[number];

const idList = z
  .array(z.string().trim().min(1).max(100))
  .max(500)
  // An empty list would select nothing at all; it means "no restriction".
  .transform((ids) => (ids.length > 0 ? [...new Set(ids)] : undefined))
  .optional();

/**
 * Which judged results of a run a queue takes. Each of `failed`, `lowScore` and `flipped` is a
 * reason to queue a result; the optional lists narrow the candidates first (criteria, modes, tools).
 */
export const queueFilterSchema = z
  .object({
    /** Results whose verdict is fail: a binary fail, or a continuous score under PASS_THRESHOLD. */
    failed: z.boolean().default(true),
    /** Continuous results scoring under `scoreBelow`. */
    lowScore: z.boolean().default(true),
    scoreBelow: z
      .number({ error: "The score threshold must be a number from 0 to 1." })
      .min(0, "The score threshold must be from 0 to 1.")
      .max(1, "The score threshold must be from 0 to 1.")
      .default(PASS_THRESHOLD),
    /** Calls whose verdict changed between the immediate and the hindsight judgement. */
    flipped: z.boolean().default(true),
    criterionIds: idList,
    modes: z
      .array(z.enum(QUEUE_MODES, { error: "A mode is immediate or hindsight." }))
      .max(2)
      .transform((modes) => (modes.length > 0 ? [...new Set(modes)] : undefined))
      .optional(),
    toolNames: idList,
    /**
     * Call-level results, agent-level ones, or both (left out). Agent-level results have no tool
     * and no mode, so restricting `toolNames` or `modes` takes call-level results only.
     */
    scopes: z
      .array(z.enum(QUEUE_SCOPES, { error: "A scope is call or agent." }))
      .max(2)
      .transform((scopes) => (scopes.length > 0 ? [...new Set(scopes)] : undefined))
      .optional(),
    /**
     * Which of the matching call × criterion pairs the queue takes: all of them, a random sample,
     * or a sample stratified by criterion, tool and verdict (each stratum in turn), up to `limit`.
     */
    sampling: z.enum(QUEUE_SAMPLINGS, { error: "Sampling is all, random or stratified." }).default("all"),
    limit: z
      .number({ error: "The queue size must be a whole number." })
      .int("The queue size must be a whole number.")
      .min(1, "A queue holds at least 1 item.")
      .max(MAX_QUEUE_ITEMS, `A queue holds at most ${MAX_QUEUE_ITEMS.toLocaleString("en-US")} items.`)
      .optional(),
    /** The sample's seed, kept with the queue so the same filter on the same run draws the same sample. */
    seed: z.number().int().min(0).max(2 ** 32 - 1).optional(),
  })
  .refine((filter) => filter.failed || filter.lowScore || filter.flipped, {
    message: "Choose at least one reason to queue a result: failed, low score or flipped.",
    path: ["failed"],
  });

/** A parsed queue filter, defaults applied. */
export type QueueFilter = z.output<typeof queueFilterSchema>;

/** A queue filter as a form or an action sends it: every field may be left out. */
export type QueueFilterInput = z.input<typeof queueFilterSchema>;

/** The issue's default: failed verdicts, scores under 0.5 and flips, over every criterion, mode and tool. */
export const DEFAULT_QUEUE_FILTER: QueueFilter = queueFilterSchema.parse({});

/**
 * A stored filter (ReviewQueue.filter is Json) read back; a filter that no longer parses is shown
 * as the default rather than breaking the queue list.
 */
export function parseStoredQueueFilter(value: unknown): QueueFilter {
  const parsed = queueFilterSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_QUEUE_FILTER;
}

/** One line for the queue list: "failed, score below 0.5, flipped · 2 criteria · hindsight". */
export function describeQueueFilter(filter: QueueFilter): string {
  const reasons = [filter.failed && "failed", filter.lowScore && `score below ${filter.scoreBelow}`, filter.flipped && "flipped"].filter(Boolean).join(", ");
  const parts = [reasons];
  if (filter.scopes?.length === 1) parts.push(filter.scopes[0] === "call" ? "call-level only" : "agent-level only");
  if (filter.criterionIds) parts.push(`${filter.criterionIds.length} ${filter.criterionIds.length === 1 ? "criterion" : "criteria"}`);
  if (filter.modes) parts.push(filter.modes.join(" and "));
  if (filter.toolNames) parts.push(filter.toolNames.length === 1 ? `tool ${filter.toolNames[0]}` : `${filter.toolNames.length} tools`);
  if (filter.sampling !== "all") parts.push(`${filter.sampling} sample${filter.limit ? ` of ${filter.limit}` : ""}`);
  else if (filter.limit) parts.push(`first ${filter.limit}`);
  return parts.join(" · ");
}
