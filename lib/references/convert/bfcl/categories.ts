/**
 * BFCL's test categories, as its ids name them (`simple_python_0`, `live_multiple_3-1-0`): which
 * ones a reference can stand for, and in which language their answers are written.
 */

export type BfclLanguage = "python" | "java" | "javascript";

export type BfclCategory =
  | { id: string; supported: true; language: BfclLanguage; parallel: boolean; /** No possible answer: BFCL passes a turn with no call. */ irrelevance: boolean }
  | { id: string; supported: false; why: string };

/** Categories checked by BFCL's AST checker against possible answers (v4 names, and v3's `simple`, `java`, `javascript`). */
const WITH_ANSWERS = new Set(["simple_python", "simple_java", "simple_javascript", "multiple", "parallel", "parallel_multiple", "live_simple", "live_multiple", "live_parallel", "live_parallel_multiple", "simple", "java", "javascript"]);
const IRRELEVANCE = new Set(["irrelevance", "live_irrelevance"]);

/** BFCL's `extract_test_category_from_id`: the id without its last `_` part (and without a format-sensitivity suffix). */
export function categoryOfId(id: string): string {
  const base = id.split(":")[0];
  const cut = base.lastIndexOf("_");
  return cut < 0 ? base : base.slice(0, cut);
}

export function bfclCategory(id: string): BfclCategory {
  if (WITH_ANSWERS.has(id) || IRRELEVANCE.has(id)) return { id, supported: true, language: languageOf(id), parallel: id.includes("parallel"), irrelevance: IRRELEVANCE.has(id) };
  if (id === "live_relevance") return { id, supported: false, why: "BFCL passes any call there, which a reference (expected calls) cannot say" };
  if (id.startsWith("multi_turn")) return { id, supported: false, why: "multi-turn categories are replayed on BFCL's backends and have no possible answers per turn to convert" };
  if (id.startsWith("memory") || id.startsWith("web_search")) return { id, supported: false, why: "agentic categories are checked on the final answer, not on calls" };
  if (id === "format_sensitivity") return { id, supported: false, why: "format-sensitivity entries are prompts for prompting models; convert the categories they come from" };
  return { id, supported: false, why: "not a BFCL category with possible answers (simple_python, multiple, parallel, parallel_multiple, simple_java, simple_javascript, live_simple, live_multiple, live_parallel, live_parallel_multiple) or an irrelevance category (irrelevance, live_irrelevance)" };
}

/** BFCL's is_java / is_js: by the category's name. */
function languageOf(category: string): BfclLanguage {
  if (category.includes("javascript")) return "javascript";
  return category.includes("java") ? "java" : "python";
}
