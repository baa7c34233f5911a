import { parsePyJson, type PyJsonResult } from "../py-json";
import { PyDict, pyRepr } from "../py-value";
import type { CallToMatch, CallVerdict, Reference, ReferenceCall, ReferenceMatch, ReferenceReason, ReferenceReasonCode, ToolToMatch } from "../types";
import { bfclCallName, bfclCheck, BfclUnsupported, compareInTurn, type BfclAnswer, type BfclCall, type BfclFunction, type BfclParam, type BfclResult, type BfclShape, type BfclTurn } from "./checker";

/**
 * The `bfcl` preset: each reference step is one assistant turn, checked by BFCL's AST checker as
 * its test category would be (several calls in any order: parallel; one call among several tools:
 * multiple; else simple). The transcript's verdict and error type are BFCL's; each call's verdict
 * says which expected call it matched, or why it matched none.
 */
export function matchBfcl(calls: readonly CallToMatch[], tools: readonly ToolToMatch[], reference: Reference, decode: (raw: string) => PyJsonResult = parsePyJson): ReferenceMatch {
  const language = reference.match.language;
  const turns = turnsOf(calls);
  const verdicts = new Map<number, CallVerdict>();
  const performedBy = reference.steps.map((step) => step.calls.map((): number | null => null));
  const reasons: ReferenceReason[] = [];
  let bfclErrorType: string | null = null;
  const describe = describer(tools);

  const stepCount = Math.max(reference.steps.length, turns.length);
  for (let stepIndex = 0; stepIndex < stepCount; stepIndex++) {
    const step = reference.steps[stepIndex];
    const turn = turns[stepIndex] ?? [];
    if (!step) {
      for (const call of turn) fail(verdicts, call, { code: "unexpected_call", path: "", expected: "(no further turn)", actual: call.name, message: `The reference has no turn ${stepIndex + 1}; ${call.name} was not expected.` });
      bfclErrorType ??= "simple_function_checker:wrong_count";
      continue;
    }
    const answers = step.calls.map(toAnswer);
    const outputs: BfclCall[] = [];
    const decodedCalls: CallToMatch[] = [];
    // BFCL decodes a turn whole: arguments that are not JSON fail it, as does a turn with no call (an answer in text).
    let decodeError: string | null = turn.length === 0 ? "ast_decoder:decoder_failed" : null;
    for (const call of turn) {
      const decoded = decode(call.rawArguments);
      if (!decoded.ok || !(decoded.value instanceof PyDict)) {
        decodeError ??= decoded.ok ? "ast_decoder:decoder_wrong_output_format" : "ast_decoder:decoder_failed";
        fail(verdicts, call, { code: "decoder_failed", path: "", expected: "a JSON object", actual: call.rawArguments.slice(0, 200), message: decoded.ok ? "The arguments are not a JSON object." : `The arguments are not valid JSON (${decoded.message}).` });
        continue;
      }
      outputs.push({ name: call.name, params: decoded.value });
      decodedCalls.push(call);
    }
    const shape: BfclShape = step.anyOrder ? "parallel" : step.calls.length > 1 ? "ordered" : tools.length > 1 ? "multiple" : "simple";
    let result: BfclResult;
    let matched: (number | null)[];
    const bfclTurn: BfclTurn = { functions: answers.map((answer) => describe(step.calls, answer)), outputs, answers, language, results: new Map() };
    try {
      ({ result, matched } = bfclCheck(shape, bfclTurn));
    } catch (error) {
      if (!(error instanceof BfclUnsupported)) throw error;
      result = { valid: false, errorType: "checker_error", error: error.message };
      matched = outputs.map(() => null);
    }
    if (decodeError) result = { valid: false, errorType: decodeError, error: turn.length === 0 ? `Turn ${stepIndex + 1} makes no call.` : "A call's arguments could not be decoded." };
    // Calls the checker did not get to pair (it stops at a wrong count or the first failure) are paired here, greedily as it pairs.
    const pairing = pairRest(bfclTurn, matched);
    decodedCalls.forEach((call, index) => {
      const answerIndex = pairing.matched[index];
      if (answerIndex !== null) {
        if (!call.failed) performedBy[stepIndex][answerIndex] = call.ordinal;
        verdicts.set(call.ordinal, { status: "pass", step: stepIndex, call: answerIndex });
      } else {
        fail(verdicts, call, pairing.reasons[index], stepIndex, pairing.nearest[index] ?? null);
      }
    });
    if (!result.valid) {
      bfclErrorType ??= result.errorType;
      reasons.push(transcriptReason(result, stepIndex));
    }
  }
  for (const verdict of verdicts.values()) if (verdict.status === "fail" && !reasons.includes(verdict.reason)) reasons.push(verdict.reason);
  const passed = bfclErrorType === null;
  return { calls: verdicts, transcript: { passed, reasons: passed ? [] : reasons, bfclErrorType, performedBy } };
}

/** A failed call, with the expected call it was nearest to when there is one (the pages show the two side by side). */
function fail(verdicts: Map<number, CallVerdict>, call: CallToMatch, reason: ReferenceReason, step: number | null = null, nearest: number | null = null): void {
  verdicts.set(call.ordinal, { status: "fail", reason, step, call: nearest });
}

/** The calls by assistant message: they come in transcript order, so a turn's calls are consecutive. */
function turnsOf(calls: readonly CallToMatch[]): CallToMatch[][] {
  const turns: CallToMatch[][] = [];
  let turn: CallToMatch[] = [];
  for (const call of calls) {
    if (turn.length && turn[0].messageIndex !== call.messageIndex) {
      turns.push(turn);
      turn = [];
    }
    turn.push(call);
  }
  if (turn.length) turns.push(turn);
  return turns;
}

function toAnswer(call: ReferenceCall): BfclAnswer {
  const allowed = call.allowed ?? new Map([...(call.args ?? [])].map(([key, value]) => [key, [value]]));
  return { name: call.name, allowed };
}

/** BFCL's error type as one of the format's reason codes. */
export function reasonCode(errorType: string): ReferenceReasonCode {
  if (errorType.includes("wrong_func_name")) return "wrong_function";
  if (errorType.includes("missing_required") || errorType.includes("missing_optional")) return "missing_required";
  if (errorType.includes("unexpected_param")) return "unexpected_param";
  if (errorType.startsWith("type_error") || errorType === "checker_error") return "wrong_type";
  if (errorType.includes("wrong_count")) return "wrong_count";
  if (errorType.includes("decoder")) return "decoder_failed";
  if (errorType.includes("cannot_find_match")) return "unexpected_call";
  return "wrong_value";
}

function transcriptReason(result: BfclResult, step: number): ReferenceReason {
  return { code: reasonCode(result.errorType ?? ""), path: result.param ?? "", expected: `BFCL: valid (step ${step + 1})`, actual: result.errorType ?? "invalid", message: `BFCL's checker: ${result.error} (${result.errorType})` };
}

interface Pairing {
  matched: (number | null)[];
  reasons: ReferenceReason[];
  /** For a call that matched nothing, the answer its reason was taken from. */
  nearest: (number | null)[];
}

function pairRest(turn: BfclTurn, checked: readonly (number | null)[]): Pairing {
  const { outputs, answers, functions } = turn;
  const matched = [...checked];
  const taken = new Set(matched.filter((index): index is number => index !== null));
  const reasons: ReferenceReason[] = [];
  const nearestAnswers: (number | null)[] = [];
  outputs.forEach((output, index) => {
    if (matched[index] !== null) return;
    let nearest: { answer: number; result: BfclResult } | null = null;
    for (let answerIndex = 0; answerIndex < answers.length; answerIndex++) {
      if (taken.has(answerIndex)) continue;
      const result = comparison(turn, index, answerIndex);
      if (result.valid) {
        matched[index] = answerIndex;
        taken.add(answerIndex);
        return;
      }
      if (!nearest || (functions[answerIndex].callName === output.name && functions[nearest.answer].callName !== output.name)) nearest = { answer: answerIndex, result };
    }
    nearestAnswers[index] = nearest?.answer ?? null;
    reasons[index] = nearest
      ? { code: reasonCode(nearest.result.errorType ?? ""), path: nearest.result.param ?? "", expected: expectedText(answers[nearest.answer], nearest.result.param), actual: actualText(output, nearest.result.param), message: nearest.result.error }
      : { code: functions.some((described) => described.callName === output.name) ? "wrong_count" : "unexpected_call", path: "", expected: "(no expected call left)", actual: output.name, message: `No expected call is left for ${output.name}.` };
  });
  return { matched, reasons, nearest: nearestAnswers };
}

/** A comparison of the turn, where one the checker would raise on (an unsupported type) fails as a checker error. */
function comparison(turn: BfclTurn, index: number, answerIndex: number): BfclResult {
  try {
    return compareInTurn(turn, index, answerIndex);
  } catch (error) {
    if (error instanceof BfclUnsupported) return { valid: false, errorType: "checker_error", error: error.message };
    throw error;
  }
}

function expectedText(answer: BfclAnswer, param: string | undefined): string {
  if (param === undefined) return answer.name;
  const values = answer.allowed.get(param.split(".")[0]);
  return values ? values.map(pyRepr).join(" or ") : "(not expected)";
}

function actualText(output: BfclCall, param: string | undefined): string {
  if (param === undefined) return output.name;
  const value = output.params.entries.get(param.split(".")[0]);
  return value === undefined ? "(absent)" : pyRepr(value);
}

/** BFCL's function docs from the transcript's tools, with the reference's source types where it gives them. */
function describer(tools: readonly ToolToMatch[]): (calls: readonly ReferenceCall[], answer: BfclAnswer) => BfclFunction {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return (calls, answer) => {
    const types = calls.find((call) => call.name === answer.name)?.types ?? {};
    const callName = bfclCallName(answer.name);
    const tool = byName.get(callName) ?? byName.get(answer.name);
    return new DescribedFunction(answer, callName, (tool?.parameters ?? {}) as ToolSchema, types);
  };
}

interface SchemaProperty {
  type?: unknown;
  items?: { type?: unknown };
}

interface ToolSchema {
  properties?: Record<string, SchemaProperty>;
  required?: unknown;
}

/**
 * One expected call's function doc. Its parameters are described when the checker first asks for
 * one: the checker stops at a wrong count or name before it reads any.
 */
class DescribedFunction implements BfclFunction {
  readonly name: string;
  readonly required: readonly string[];
  private params: Map<string, BfclParam> | null = null;

  constructor(
    private readonly answer: BfclAnswer,
    readonly callName: string,
    private readonly schema: ToolSchema,
    private readonly types: Readonly<Record<string, string>>,
  ) {
    this.name = answer.name;
    this.required = Array.isArray(schema.required) ? schema.required.filter((item): item is string => typeof item === "string") : [];
  }

  param(name: string): BfclParam | undefined {
    this.params ??= this.describe();
    return this.params.get(name);
  }

  private describe(): Map<string, BfclParam> {
    const { properties } = this.schema;
    const { types } = this;
    const params = new Map<string, BfclParam>();
    if (properties) {
      for (const param in properties) params.set(param, paramOf(types[param], properties[param]));
    } else {
      // No tool definition: the expected parameters, typed by their first possible value.
      for (const [param, values] of this.answer.allowed) params.set(param, { type: types[param] ?? guessType(values.find((value) => value !== "")), itemsType: null });
    }
    return params;
  }
}

const FROM_SCHEMA: Record<string, string> = { integer: "integer", number: "float", string: "string", boolean: "boolean", array: "array", object: "dict" };

function paramOf(sourceType: string | undefined, property: SchemaProperty): BfclParam {
  if (sourceType) {
    const generic = /^(\w+)\s*<\s*(\w+)\s*>$/.exec(sourceType);
    return generic ? { type: generic[1], itemsType: generic[2] } : { type: sourceType, itemsType: null };
  }
  const type = FROM_SCHEMA[String(property.type)] ?? "string";
  const items = property.items?.type;
  return { type, itemsType: items === undefined ? null : FROM_SCHEMA[String(items)] ?? "string" };
}

function guessType(value: unknown): string {
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "string") return "string";
  if (Array.isArray(value)) return "array";
  if (value instanceof PyDict) return "dict";
  return value !== null && typeof value === "object" && "value" in value && typeof value.value === "bigint" ? "integer" : "float";
}
