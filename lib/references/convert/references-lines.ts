import type { LineError } from "@/lib/references/json-lines";
import { PyInt, toPyJson, type PyDict } from "@/lib/references/py-value";
import { pyObject } from "./py-object";
import type { Tau2Reference } from "./tau2";

/** A references file made from a benchmark's tasks: one `{task_id, reference}` line per task. */
export interface ReferencesConversion {
  lines: { taskId: string | number; json: string }[];
  problems: LineError[];
  /** What a person should know about what was converted (counts of what a reference leaves out). */
  notes: string[];
}

/** One line of a references file (lib/references/references-file.ts reads it back). */
export function referenceLine(taskId: string | number, reference: Tau2Reference<PyDict>): string {
  const steps = reference.steps.map((step) =>
    pyObject({ calls: step.calls.map((call) => pyObject({ name: call.name, args: call.args, compare: call.compare, optional: call.optional })) }),
  );
  const { match } = reference;
  const referenceObject = pyObject({
    steps,
    match: pyObject({ preset: match.preset, trajectory: match.trajectory, args: match.args, strings: match.strings, numbers: match.numbers, free_tools: match.free_tools }),
  });
  return toPyJson(pyObject({ task_id: typeof taskId === "number" ? new PyInt(BigInt(taskId)) : taskId, reference: referenceObject }));
}
