import type { CreateMonitorInput } from "@/lib/monitors/schemas/monitor";
import type { MonitorSource } from "@/lib/monitors/schemas/filter";
import type { RunJudgeKind } from "@/lib/runs/schemas/start-run";
import type { RunMode } from "@/lib/runs/schemas/runs";

/*
 * The monitor form's fields as typed, and the request they make: the JSON of `POST /api/monitors`,
 * checked by the same schema on the server, whose messages come back keyed by the same paths.
 * Only types come from lib/monitors/schemas: a value would bring zod into the page's scripts.
 */

export interface AlertRuleFields {
  /** A criterion id from the library, or a criterion's text typed in the form. */
  criterion: string;
  direction: "below" | "above";
  threshold: string;
  /** "10" (judged results) or a period such as "1h". */
  window: string;
  webhook: string;
}

export interface MonitorFormState {
  name: string;
  /** Library criteria, by id. */
  criteria: string[];
  /** New criteria, one text per line. */
  typed: string;
  judge: RunJudgeKind;
  mode: RunMode;
  sample: string;
  source: MonitorSource;
  service: string;
  model: string;
  tag: string;
  /** `key = value` lines. */
  metadata: string;
  alerts: AlertRuleFields[];
  /** Empty: no review feed. */
  reviewPerDay: string;
}

export const EMPTY_RULE: AlertRuleFields = { criterion: "", direction: "below", threshold: "0.8", window: "10", webhook: "" };

export const emptyMonitorForm = (judge: RunJudgeKind): MonitorFormState => ({
  name: "",
  criteria: [],
  typed: "",
  judge,
  mode: "auto",
  sample: "1",
  source: "all",
  service: "",
  model: "",
  tag: "",
  metadata: "",
  alerts: [],
  reviewPerDay: "",
});

/** A typed number; not one is sent as NaN, so the server's message says what is expected. */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));

/** New criteria typed one per line, blank lines left out. */
export const typedCriteria = (typed: string) => typed.split("\n").map((line) => line.trim()).filter(Boolean);

/** A metadata value as typed: true, false and numbers are compared as such; quotes keep one as text ("1"). */
export function metadataValue(text: string): string | number | boolean {
  const value = text.trim();
  if (value === "true" || value === "false") return value === "true";
  if (/^-?\d+(?:\.\d+)?$/.test(value)) return Number(value);
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1);
  return value;
}

/** `key = value` lines as an object; a line without `=` keeps its key with no value, which the server then refuses by name. */
export function metadataFilter(text: string): Record<string, string | number | boolean | undefined> | undefined {
  const entries = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line): [string, string | number | boolean | undefined] => {
      const at = line.indexOf("=");
      return at < 0 ? [line, undefined] : [line.slice(0, at).trim(), metadataValue(line.slice(at + 1))];
    });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

const optionalText = (text: string) => (text.trim() ? text.trim() : undefined);

/** The request the form's fields make. */
export function monitorRequest(state: MonitorFormState): CreateMonitorInput {
  const metadata = metadataFilter(state.metadata);
  const filter = {
    source: state.source,
    ...(optionalText(state.service) ? { service: state.service.trim() } : {}),
    ...(optionalText(state.model) ? { model: state.model.trim() } : {}),
    ...(optionalText(state.tag) ? { tag: state.tag.trim() } : {}),
    ...(metadata ? { metadata } : {}),
  };
  return {
    name: state.name,
    criteria: [...state.criteria, ...typedCriteria(state.typed)],
    judge: state.judge,
    mode: state.mode,
    sample: numberOf(state.sample),
    // The schema refuses a metadata value that is not a string, number or boolean: a line without "=" is sent for it to name.
    filter: filter as CreateMonitorInput["filter"],
    ...(state.alerts.length
      ? {
          alert: state.alerts.map((rule) => ({
            criterion: rule.criterion,
            [rule.direction]: numberOf(rule.threshold),
            window: /^\d+$/.test(rule.window.trim()) ? Number(rule.window.trim()) : rule.window.trim(),
            webhook: rule.webhook,
          })),
        }
      : {}),
    ...(state.reviewPerDay.trim() ? { review: { perDay: numberOf(state.reviewPerDay) } } : {}),
  };
}

/** What an existing monitor fills the form with. */
export interface MonitorFormSource {
  name: string;
  criteria: { id: string }[];
  judge: string;
  mode: RunMode;
  sample: number;
  filter: { source: MonitorSource; service?: string; model?: string; tag?: string; metadata?: Record<string, string | number | boolean> };
  alert: { criterion: { id: string }; below?: number; above?: number; window: number | string; webhook: string }[];
  review: { perDay: number } | null;
}

const typedValue = (value: string | number | boolean) => (typeof value === "string" && metadataValue(value) !== value ? JSON.stringify(value) : String(value));

export function formStateOf(monitor: MonitorFormSource, judges: readonly RunJudgeKind[]): MonitorFormState {
  return {
    name: monitor.name,
    criteria: monitor.criteria.map((criterion) => criterion.id),
    typed: "",
    judge: judges.find((kind) => kind === monitor.judge) ?? "checks",
    mode: monitor.mode,
    sample: String(monitor.sample),
    source: monitor.filter.source,
    service: monitor.filter.service ?? "",
    model: monitor.filter.model ?? "",
    tag: monitor.filter.tag ?? "",
    metadata: Object.entries(monitor.filter.metadata ?? {}).map(([key, value]) => `${key} = ${typedValue(value)}`).join("\n"),
    alerts: monitor.alert.map((rule) => ({
      criterion: rule.criterion.id,
      direction: rule.above === undefined ? "below" : "above",
      threshold: String(rule.above ?? rule.below ?? ""),
      window: String(rule.window),
      webhook: rule.webhook,
    })),
    reviewPerDay: monitor.review ? String(monitor.review.perDay) : "",
  };
}

/** The server's messages for a field and the fields under it (`alert.0` covers `alert.0.webhook`). */
export function messagesUnder(fieldErrors: Record<string, string[]> | undefined, path: string): string[] {
  if (!fieldErrors) return [];
  return [...new Set(Object.entries(fieldErrors).flatMap(([key, messages]) => (key === path || key.startsWith(`${path}.`) ? messages : [])))];
}
