import { z } from "zod";
import { MAX_RUN_CRITERIA, RUN_MODES } from "@/lib/runs/schemas/runs";
import { RUN_JUDGE_KINDS } from "@/lib/runs/schemas/start-run";
import { monitorFilterSchema } from "./filter";
import { alertWindowSchema, type AlertWindow } from "./window";

export const MAX_ALERT_RULES = 20;
export const MAX_REVIEW_PER_DAY = 1000;

const criterionRef = z.string().trim().min(1, "expected a criterion id or a criterion text").max(2000, "expected at most 2,000 characters");

/** A webhook address: http or https only, so that a rule cannot make the server read files or other schemes. */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000, "expected a URL of at most 2,000 characters")
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "expected an http or https URL, such as https://hooks.slack.com/services/…");

const threshold = z.number({ error: "expected a number from 0 to 1" }).min(0, "expected a number from 0 to 1").max(1, "expected a number from 0 to 1");

export interface AlertRuleRequest {
  /** A criterion id or text; it must be one of the monitor's criteria. */
  criterion: string;
  direction: "below" | "above";
  threshold: number;
  window: AlertWindow;
  webhook: string;
}

/**
 * One alert rule: fire when the criterion's pass rate (pass/fail criteria) or mean score (scored
 * ones) over the window goes `below` (or `above`) the threshold, and resolve when it comes back.
 */
export const alertRuleSchema = z
  .strictObject({ criterion: criterionRef, below: threshold.optional(), above: threshold.optional(), window: alertWindowSchema.default({ calls: 10 }), webhook: webhookUrlSchema })
  .superRefine((rule, context) => {
    if ((rule.below === undefined) === (rule.above === undefined)) context.addIssue({ code: "custom", path: ["below"], message: 'expected exactly one of "below" and "above": the side of the threshold that fires the alert' });
  })
  .transform(({ criterion, below, above, window, webhook }): AlertRuleRequest => ({ criterion, direction: below === undefined ? "above" : "below", threshold: (below ?? above) as number, window, webhook }));

/** One rule or a list of them; one is read as a list of one, so a problem's path names its rule (alert[0].webhook). */
const alertsSchema = z.preprocess(
  (value) => (value === undefined || value === null || Array.isArray(value) ? value : [value]),
  z.array(alertRuleSchema).max(MAX_ALERT_RULES, `expected at most ${MAX_ALERT_RULES} alert rules`).optional(),
);

const reviewSchema = z
  .strictObject({ perDay: z.number().int("expected a whole number").min(1, "expected at least 1").max(MAX_REVIEW_PER_DAY, `expected at most ${MAX_REVIEW_PER_DAY}`) })
  .nullable()
  .optional();

const fields = {
  name: z.string().trim().min(1, "expected a name").max(120, "expected a name of at most 120 characters"),
  criteria: z
    .array(criterionRef)
    .min(1, "expected at least one criterion id or text")
    .transform((refs) => [...new Set(refs)])
    .pipe(z.array(criterionRef).max(MAX_RUN_CRITERIA, `expected at most ${MAX_RUN_CRITERIA} distinct criteria`)),
  judge: z.enum(RUN_JUDGE_KINDS, { error: `expected one of ${RUN_JUDGE_KINDS.map((k) => `"${k}"`).join(", ")}` }),
  mode: z.enum(RUN_MODES, { error: `expected one of ${RUN_MODES.map((m) => `"${m}"`).join(", ")}` }),
  sample: z.number({ error: "expected a sampling rate from 0 to 1" }).min(0, "expected a sampling rate from 0 to 1").max(1, "expected a sampling rate from 0 to 1"),
  filter: monitorFilterSchema,
  alert: alertsSchema,
  review: reviewSchema,
  paused: z.boolean(),
};

/** `POST /api/monitors` and the new-monitor form. Unknown keys are refused, as a run's are. */
export const createMonitorSchema = z.strictObject({
  ...fields,
  judge: fields.judge.default("checks"),
  mode: fields.mode.default("auto"),
  sample: fields.sample.default(1),
  paused: fields.paused.default(false),
});
export type CreateMonitorRequest = z.output<typeof createMonitorSchema>;
export type CreateMonitorInput = z.input<typeof createMonitorSchema>;

/** `PATCH /api/monitors/:id`: the fields to change; `alert` replaces every rule, `alert: []` removes them. */
export const updateMonitorSchema = z
  .strictObject({
    name: fields.name.optional(),
    criteria: fields.criteria.optional(),
    judge: fields.judge.optional(),
    mode: fields.mode.optional(),
    sample: fields.sample.optional(),
    filter: monitorFilterSchema.optional(),
    alert: alertsSchema,
    review: reviewSchema,
    paused: fields.paused.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, "expected at least one field to change");
export type UpdateMonitorRequest = z.output<typeof updateMonitorSchema>;

/** `POST /api/monitors/:id/backfill`: judge the stored transcripts that arrived in [from, to). */
export const backfillSchema = z
  .strictObject({ from: z.iso.datetime({ offset: true, error: "expected an ISO date and time, such as 2026-11-28T00:00:00Z" }), to: z.iso.datetime({ offset: true, error: "expected an ISO date and time, such as 2026-11-29T00:00:00Z" }).optional() })
  .transform(({ from, to }) => ({ from: new Date(from), to: to ? new Date(to) : undefined }))
  .refine(({ from, to }) => !to || from < to, { message: '"from" must come before "to"', path: ["to"] });
export type BackfillRequest = { from: Date; to?: Date };

/** Deleting a monitor says what becomes of its run: kept as an ordinary run, or deleted with its results. */
export const deleteRunChoiceSchema = z.enum(["keep", "delete"], { error: 'say whether to keep the monitor\'s run and its results: ?run=keep or ?run=delete' });
