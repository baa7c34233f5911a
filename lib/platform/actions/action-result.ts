/*
 * What every server action answers, whatever it does: `{ ok: true, message, … }`, or a refusal with
 * the sentence to show, the messages per field and the queue to go to. next-safe-action's own result
 * (`{ data, serverError, validationErrors }`) is turned into this once, here, so the forms and buttons
 * read one shape and none of them knows which library ran the action.
 */

/** What an action answers when it refused: the message, beside its field when it has one. */
export interface ActionFailure {
  ok: false;
  message: string;
  /** Messages per field, keyed by the field's full dotted path ("filter.scoreBelow", "criteria.0"); "form" for the input as a whole. */
  fieldErrors?: Record<string, string[]>;
  /** The review queue that already holds what was asked for. */
  queueId?: string;
}

/** A success (what the action returned, with `ok: true`) or a refusal. */
export type ActionResult<Data> = ({ ok: true } & Data) | ActionFailure;

/** A refusal as the action client's handleServerError hands it over (lib/platform/actions/action-client.ts). */
export interface ActionRefusal {
  message: string;
  field?: string;
  queueId?: string;
}

/** The result of a next-safe-action action whose client answers refusals as ActionRefusal. */
export interface SafeResult<Data> {
  data?: Data;
  serverError?: ActionRefusal;
  /** next-safe-action's "formatted" shape: a tree of the input's keys, each node's own messages in `_errors`. */
  validationErrors?: unknown;
}

/** The summary a form shows above its fields when each message is already shown beside its own field. */
export const CORRECT_HIGHLIGHTED_FIELDS = "Please correct the highlighted fields.";

export interface ResultOptions {
  /** The sentence for input that failed its schema; by default, its messages one after the other. */
  invalidInput?: string;
}

/** One action's result in the shape every component reads. */
export function actionResult<Data>(result: SafeResult<Data>, options: ResultOptions = {}): ActionResult<Data> {
  if (result.validationErrors !== undefined) {
    const fieldErrors = fieldErrorsByPath(result.validationErrors);
    const messages = [...new Set(Object.values(fieldErrors).flat())];
    return { ok: false, message: options.invalidInput ?? messages.join(" "), fieldErrors };
  }
  if (result.serverError !== undefined) {
    const { message, field, queueId } = result.serverError;
    return { ok: false, message, ...(field ? { fieldErrors: { [field]: [message] } } : {}), ...(queueId ? { queueId } : {}) };
  }
  return { ok: true, ...(result.data as Data) };
}

/** The formatted validation tree as messages per full dotted path; the root's own messages go under "form". */
export function fieldErrorsByPath(tree: unknown): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const visit = (node: unknown, path: string[]) => {
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key !== "_errors") visit(value, [...path, key]);
      else if (Array.isArray(value)) (fieldErrors[path.join(".") || "form"] ??= []).push(...value.filter((message): message is string => typeof message === "string"));
    }
  };
  visit(tree, []);
  return fieldErrors;
}

/**
 * A next-safe-action action as a server action that answers an ActionResult. Called from a
 * component with the action's input, as `await action(input)`.
 */
export function resultAction<Input, Data>(action: (input: Input) => Promise<SafeResult<Data>>, options: ResultOptions = {}) {
  return async (input: Input): Promise<ActionResult<Data>> => actionResult(await action(input), options);
}

/**
 * A next-safe-action action that reads a submitted form, as a server action for React's
 * useActionState: `(previous state, form data) => the next state`.
 */
export function formStateAction<Data>(action: (form: FormData) => Promise<SafeResult<Data>>, options: ResultOptions = {}) {
  return async (_previous: unknown, form: FormData): Promise<ActionResult<Data>> => actionResult(await action(form), options);
}
