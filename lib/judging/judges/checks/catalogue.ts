import type { Check, CheckInfo } from "./check";
import { argumentsJson } from "./rules/arguments-json";
import { duplicateCall } from "./rules/duplicate-call";
import { futileRetry } from "./rules/futile-retry";
import { ignoredResult } from "./rules/ignored-result";
import { orphans } from "./rules/orphans";
import { placeholderValue } from "./rules/placeholder-value";
import { prematureValue } from "./rules/premature-value";
import { referenceMatch } from "./rules/reference-match";
import { schemaViolation } from "./rules/schema-violation";
import { sensitiveData } from "./rules/sensitive-data";
import { toolChoice } from "./rules/tool-choice";
import { toolError } from "./rules/tool-error";
import { unconfirmedAction } from "./rules/unconfirmed-action";
import { undeclaredArgument } from "./rules/undeclared-argument";
import { ungroundedValue } from "./rules/ungrounded-value";
import { unknownTool } from "./rules/unknown-tool";
import { unsupportedCall } from "./rules/unsupported-call";

/** Every built-in check, in the order findings are reported. */
export const CHECKS: readonly Check[] = [
  referenceMatch,
  unknownTool,
  argumentsJson,
  schemaViolation,
  undeclaredArgument,
  placeholderValue,
  ungroundedValue,
  unsupportedCall,
  toolChoice,
  duplicateCall,
  unconfirmedAction,
  prematureValue,
  orphans,
  toolError,
  futileRetry,
  ignoredResult,
  sensitiveData,
];

export function checkById(id: string): Check | undefined {
  return CHECKS.find((check) => check.id === id);
}

/** The catalogue without the checks' code: plain data a page can hand to the browser. */
export const CHECK_INFOS: readonly CheckInfo[] = CHECKS.map(({ id, title, views, topics, explanation }) => ({ id, title, views: [...views], topics: [...topics], explanation }));
