import { BOTH_VIEWS, PENALTY, type Check } from "../check";
import { quote } from "../evidence";

export const argumentsJson: Check = {
  id: "arguments-not-json",
  title: "Arguments are not a JSON object",
  severity: "critical",
  views: BOTH_VIEWS,
  topics: ["parameter-accuracy", "protocol"],
  explanation: "The call's arguments must parse as JSON and be an object of named arguments.",
  run(context) {
    const { arguments: parsed, rawArguments } = context.call;
    if (!parsed.ok) {
      return [{ severity: "critical", penalty: 0.95, message: `The arguments are not valid JSON: ${parsed.error}.`, evidence: quote(rawArguments) }];
    }
    if (context.argsObject) return [];
    const kind = Array.isArray(parsed.value) ? "an array" : parsed.value === null ? "null" : `a ${typeof parsed.value}`;
    return [{ severity: "critical", penalty: PENALTY.critical, message: `The arguments are ${kind}, not an object of named arguments.`, evidence: quote(rawArguments) }];
  },
};
