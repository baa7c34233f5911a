"use client";

import { useId } from "react";
import { FieldMessages } from "./field-messages";
import { messagesUnder, type AlertRuleFields } from "./monitor-form-state";

interface Props {
  index: number;
  rule: AlertRuleFields;
  /** The monitor's criteria as the form has them now: library ids and typed texts. */
  criteria: { value: string; label: string }[];
  fieldErrors?: Record<string, string[]>;
  onChange: (rule: AlertRuleFields) => void;
  onRemove: () => void;
}

const field = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

/** One alert rule: fire when a criterion's pass rate or mean score over a window crosses a threshold; post to a webhook. */
export function AlertRuleFieldset({ index, rule, criteria, fieldErrors, onChange, onRemove }: Props) {
  const id = useId();
  const path = `alert.${index}`;
  const errors = {
    criterion: messagesUnder(fieldErrors, `${path}.criterion`),
    threshold: [...messagesUnder(fieldErrors, `${path}.below`), ...messagesUnder(fieldErrors, `${path}.above`)],
    window: messagesUnder(fieldErrors, `${path}.window`),
    webhook: messagesUnder(fieldErrors, `${path}.webhook`),
  };
  const set = (change: Partial<AlertRuleFields>) => onChange({ ...rule, ...change });
  const invalid = (messages: string[]) => (messages.length ? true : undefined);
  return (
    <fieldset className="min-w-0 space-y-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">Alert rule {index + 1}</legend>
      <label className="flex flex-col gap-1 text-sm">
        Criterion
        <select value={rule.criterion} onChange={(event) => set({ criterion: event.target.value })} aria-invalid={invalid(errors.criterion)} aria-describedby={`${id}-criterion`} className={`${field} w-full min-w-0`}>
          <option value="">Choose one of the monitor&apos;s criteria…</option>
          {criteria.map((criterion) => (
            <option key={criterion.value} value={criterion.value}>
              {criterion.label}
            </option>
          ))}
        </select>
        <FieldMessages id={`${id}-criterion`} messages={errors.criterion} />
      </label>
      <div className="flex flex-wrap items-start gap-3 text-sm">
        <label className="flex flex-col gap-1">
          Fires when the value goes
          <select value={rule.direction} onChange={(event) => set({ direction: event.target.value === "above" ? "above" : "below" })} className={field}>
            <option value="below">below</option>
            <option value="above">above</option>
          </select>
        </label>
        <label className="flex flex-col gap-1">
          Threshold (0–1)
          <input type="number" inputMode="decimal" min={0} max={1} step={0.05} value={rule.threshold} onChange={(event) => set({ threshold: event.target.value })} aria-invalid={invalid(errors.threshold)} aria-describedby={`${id}-threshold`} className={`${field} w-24`} />
          <FieldMessages id={`${id}-threshold`} messages={errors.threshold} />
        </label>
        <label className="flex flex-col gap-1">
          Window
          <input value={rule.window} onChange={(event) => set({ window: event.target.value })} placeholder="10 or 1h" aria-invalid={invalid(errors.window)} aria-describedby={`${id}-window-hint ${id}-window`} className={`${field} w-28`} />
          <span id={`${id}-window-hint`} className="text-xs text-slate-500">judged results, or a period (30m, 1h, 7d)</span>
          <FieldMessages id={`${id}-window`} messages={errors.window} />
        </label>
      </div>
      <label className="flex flex-col gap-1 text-sm">
        Webhook URL
        <input type="url" value={rule.webhook} onChange={(event) => set({ webhook: event.target.value })} placeholder="https://hooks.slack.com/services/…" aria-invalid={invalid(errors.webhook)} aria-describedby={`${id}-webhook`} className={`${field} w-full min-w-0`} />
        <FieldMessages id={`${id}-webhook`} messages={errors.webhook} />
      </label>
      <button type="button" onClick={onRemove} className="text-xs text-rose-800 hover:underline">
        Remove alert rule {index + 1}
      </button>
    </fieldset>
  );
}
