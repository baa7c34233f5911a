import { bfclCallName } from "@/lib/references/bfcl/checker";
import { fromJs, PyDict, toPyJson, type PyValue } from "@/lib/references/py-value";
import { pyObject } from "../py-object";
import type { BfclCategory } from "./categories";
import type { AssistantTurn } from "./decode-result";
import { bfclTools, sourceTypes, type BfclFunctionDoc } from "./tools";

export type SupportedCategory = Extract<BfclCategory, { supported: true }>;

export interface BfclQuestion {
  id: string;
  /** The question's first (only) turn, as written. */
  messages: unknown[];
  functions: BfclFunctionDoc[];
  category: SupportedCategory;
  /** BFCL's `ground_truth` as Python reads it; null for irrelevance questions. */
  groundTruth: PyValue | null;
}

/** One transcript as a JSON line: the question, the tools BFCL sends, the model's turn (if any) and the reference. */
export function transcriptLine(question: BfclQuestion, turn: Exclude<AssistantTurn, { kind: "unreadable" }> | null): string {
  const { category } = question;
  const assistant = turn ? assistantMessage(turn, new Set(question.functions.map((doc) => doc.name))) : undefined;
  const reference = question.groundTruth === null ? irrelevanceReference(category) : answerReference(question.groundTruth, question.functions, category);
  return toPyJson(
    pyObject({
      name: question.id,
      messages: [...question.messages.map(fromJs), ...(assistant ? [assistant] : [])],
      tools: fromJs(bfclTools(question.functions, category.language)),
      reference,
      metadata: pyObject({ task_id: question.id, bfcl_category: category.id }),
    }),
  );
}

function assistantMessage(turn: Exclude<AssistantTurn, { kind: "unreadable" }>, offered: ReadonlySet<string>): PyDict {
  if (turn.kind === "text") return pyObject({ role: "assistant", content: turn.text });
  return pyObject({
    role: "assistant",
    content: null,
    // A prompting model calls `math.factorial`; the tools, and function-calling models, say `math_factorial`.
    tool_calls: turn.calls.map((call, index) => pyObject({ id: `call_${index}`, type: "function", function: pyObject({ name: offered.has(call.name) ? bfclCallName(call.name) : call.name, arguments: call.arguments }) })),
  });
}

/** The possible answer verbatim: one step, its calls in any order in the parallel categories. */
function answerReference(groundTruth: PyValue, functions: readonly BfclFunctionDoc[], category: SupportedCategory): PyDict {
  const docs = new Map(functions.map((doc) => [doc.name, doc]));
  const calls = (Array.isArray(groundTruth) ? groundTruth : []).flatMap((call) =>
    call instanceof PyDict
      ? [...call.entries].map(([name, allowed]) => {
          const doc = docs.get(name);
          return pyObject({ name, allowed, types: category.language !== "python" && doc ? fromJs(sourceTypes(doc)) : undefined });
        })
      : [],
  );
  const step = pyObject({ order: category.parallel ? "any" : undefined, calls });
  return pyObject({ steps: [step], match: pyObject({ preset: "bfcl", language: category.language }) });
}

/** BFCL passes an irrelevance question when the model makes no call: a reference with no steps says the same. */
function irrelevanceReference(category: SupportedCategory): PyDict {
  return pyObject({ steps: [], match: pyObject({ preset: "bfcl", language: category.language }) });
}
