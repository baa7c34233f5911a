import { z } from "zod";

/**
 * Where a transcript came from, as a monitor filters on it: an OTLP trace, a file uploaded in the
 * browser (the demo's too), `POST /api/transcripts`, the CLI's `--save`.
 */
export const MONITOR_SOURCES = ["all", "traces", "uploads", "api", "cli"] as const;
export type MonitorSource = (typeof MONITOR_SOURCES)[number];

export const FILTER_FIELDS = ["source", "service", "model", "tag", "metadata"] as const;

const text = (what: string) => z.string().trim().min(1, `expected a non-empty ${what}`).max(200, `expected a ${what} of at most 200 characters`);

/**
 * Which transcripts a monitor judges. Every field given must hold (AND); values are compared
 * exactly (a service is the trace's `service.name`, or the metadata's `service`; a tag is one of the transcript's tags). Unknown
 * fields are refused: a misspelt field would otherwise make a monitor judge everything.
 */
const filterFields = z.looseObject({
  source: z.enum(MONITOR_SOURCES, { error: `expected one of ${MONITOR_SOURCES.map((s) => `"${s}"`).join(", ")}` }).default("all"),
  service: text("service name").optional(),
  model: text("model name").optional(),
  tag: text("tag").optional(),
  metadata: z
    .record(text("metadata key"), z.union([z.string().max(200), z.number(), z.boolean()], { error: "expected a string, number or boolean to compare with" }))
    .refine((value) => Object.keys(value).length <= 10, "expected at most 10 metadata fields")
    .optional(),
}, { error: 'expected an object such as {"source": "traces", "service": "weather-agent"}' });

export const monitorFilterSchema = filterFields
  .superRefine((value, context) => {
    for (const key of Object.keys(value)) {
      if (!(FILTER_FIELDS as readonly string[]).includes(key)) context.addIssue({ code: "custom", path: [key], message: `unknown filter field ${JSON.stringify(key)}: a monitor filters on ${FILTER_FIELDS.join(", ")}` });
    }
  })
  .transform(({ source, service, model, tag, metadata }) => ({ source, ...(service ? { service } : {}), ...(model ? { model } : {}), ...(tag ? { tag } : {}), ...(metadata ? { metadata } : {}) }))
  .default({ source: "all" });

export type MonitorFilter = z.output<typeof monitorFilterSchema>;

/** What a filter needs to know of a transcript (read by the server from its row and its upload). */
export interface TranscriptFacts {
  source: MonitorSource | "demo";
  model: string | null;
  /** The metadata's service (lib/transcripts/metadata-fields.ts): a trace's service.name. */
  service: string | null;
  tags: readonly string[];
  /** The transcript's metadata object ({} when it has none). */
  metadata: Readonly<Record<string, unknown>>;
}

const sourceMatches = (wanted: MonitorSource, actual: TranscriptFacts["source"]) => wanted === "all" || wanted === actual || (wanted === "uploads" && actual === "demo");

/** Whether a transcript passes the filter. */
export function matchesFilter(filter: MonitorFilter, facts: TranscriptFacts): boolean {
  if (!sourceMatches(filter.source, facts.source)) return false;
  if (filter.service !== undefined && facts.service !== filter.service) return false;
  if (filter.model !== undefined && facts.model !== filter.model) return false;
  if (filter.tag !== undefined && !facts.tags.includes(filter.tag)) return false;
  for (const [key, value] of Object.entries(filter.metadata ?? {})) if (facts.metadata[key] !== value) return false;
  return true;
}

/** "traces · service weather-agent · model gpt-4.1", for lists and pages. */
export function describeFilter(filter: MonitorFilter): string {
  const parts = [filter.source === "all" ? "all sources" : filter.source];
  if (filter.service) parts.push(`service ${filter.service}`);
  if (filter.model) parts.push(`model ${filter.model}`);
  if (filter.tag) parts.push(`tag ${filter.tag}`);
  for (const [key, value] of Object.entries(filter.metadata ?? {})) parts.push(`${key} = ${String(value)}`);
  return parts.join(" · ");
}
