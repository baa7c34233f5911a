import { describeWindow, formatWindow, type AlertWindow } from "./schemas/window";

export type AlertState = "ok" | "firing";

export interface AlertRuleState {
  direction: "below" | "above";
  threshold: number;
  state: AlertState;
}

/** Whether a value is on the firing side of the rule's threshold. */
export const breaches = (rule: Pick<AlertRuleState, "direction" | "threshold">, value: number) => (rule.direction === "below" ? value < rule.threshold : value > rule.threshold);

/**
 * The rule's state after measuring `value` (null: nothing judged in the window, which changes
 * nothing), and the transition to announce, if any: one post per change, never one per check.
 */
export function nextAlertState(rule: AlertRuleState, value: number | null): { state: AlertState; transition: "firing" | "resolved" | null } {
  if (value === null) return { state: rule.state, transition: null };
  const firing = breaches(rule, value);
  if (firing && rule.state === "ok") return { state: "firing", transition: "firing" };
  if (!firing && rule.state === "firing") return { state: "ok", transition: "resolved" };
  return { state: rule.state, transition: null };
}

export interface AlertPayloadInput {
  monitor: { id: string; name: string };
  criterion: { id: string; text: string };
  measure: "pass rate" | "mean score";
  direction: "below" | "above";
  value: number;
  threshold: number;
  window: AlertWindow;
  judged: number;
  state: "firing" | "resolved";
  /** The run page filtered to the criterion's failing calls. */
  link: string;
  at: Date;
}

const percent = (value: number, measure: AlertPayloadInput["measure"]) => (measure === "pass rate" ? `${(value * 100).toFixed(1)}%` : value.toFixed(3));

/**
 * The webhook's JSON body: the fields a program reads, and `text`, which a Slack incoming webhook
 * (and most chat hooks) shows as the message.
 */
export function alertPayload(input: AlertPayloadInput) {
  const { monitor, criterion, measure, value, threshold, state } = input;
  const headline = state === "firing" ? `:rotating_light: Callboard alert firing` : `:white_check_mark: Callboard alert resolved`;
  const side = input.direction === "below" ? "below" : "above";
  const text =
    `${headline}: monitor "${monitor.name}"\n` +
    `${criterion.text}\n` +
    `${measure} ${percent(value, measure)} over ${describeWindow(input.window)} (${input.judged} judged); ${state === "firing" ? "fires" : "fired"} ${side} ${percent(threshold, measure)}\n` +
    `Failing calls: ${input.link}`;
  return {
    monitor: { id: monitor.id, name: monitor.name },
    criterion: { id: criterion.id, text: criterion.text },
    measure,
    value,
    threshold,
    direction: input.direction,
    window: formatWindow(input.window),
    judged: input.judged,
    state,
    link: input.link,
    at: input.at.toISOString(),
    text,
  };
}
export type AlertPayload = ReturnType<typeof alertPayload>;

/** Posts tried per transition before it is given up; the waits between them double from 2 s to about 17 min. */
export const MAX_DELIVERY_ATTEMPTS = 10;

/** How long to wait after `attempts` failed posts, with up to 20% jitter so that many do not retry together. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = 2_000 * 2 ** Math.max(0, attempts - 1);
  return Math.round(base * (1 + 0.2 * random()));
}
