import { z } from "zod";
import { backfillSchema, createMonitorSchema, deleteRunChoiceSchema } from "./monitor";

const monitorId = z.string().trim().min(1, "expected a monitor id").max(100);

/**
 * The edit form sends what the new-monitor form sends, whole, with the monitor's id: field errors
 * then have the same paths in both forms. Pausing is not the form's business (its own button).
 */
export const editMonitorSchema = createMonitorSchema.omit({ paused: true }).extend({ id: monitorId });
export type EditMonitorInput = z.input<typeof editMonitorSchema>;

export const setMonitorPausedSchema = z.object({ id: monitorId, paused: z.boolean() });

export const deleteMonitorInputSchema = z.object({ id: monitorId, run: deleteRunChoiceSchema });

/** `backfill` holds what `POST /api/monitors/:id/backfill` takes, so its messages are the API's. */
export const backfillMonitorInputSchema = z.object({ id: monitorId, backfill: backfillSchema });
export type BackfillMonitorInput = z.input<typeof backfillMonitorInputSchema>;
