import { BOTH_VIEWS, type Check, type CheckHit } from "../check";
import { FUNCTION_WORDS, fold, phraseText } from "../text/words";

// Values that stand for "fill me in": type names, template markers, sample data.
const PLACEHOLDER_WORDS = new Set([
  "string", "str", "text", "value", "todo", "tbd", "fixme", "xxx", "xxxx", "n/a", "undefined", "null", "none", "nil",
  "placeholder", "example", "sample", "foo", "bar", "baz", "qux", "lorem ipsum", "your api key", "api key", "insert here",
  "enter value", "unknown", "default", "dummy", "fake", "test123", "abc123", "john doe", "jane doe", "...", "…",
]);
const TEMPLATE = /^\s*(<[^<>]+>|\{\{[^{}]+\}\}|\$\{[^{}]+\}|\[[A-Z _-]+\]|\{[A-Z_]+\})\s*$/;
const SAMPLE_CONTACT = /(^|[@.\s])(example\.(com|org|net)|test\.com)\b|^(\+?1[-. ]?)?555[-. ]?01\d\d$|^(0{4,}|1234(5678?9?)?)$/i;

export const placeholderValue: Check = {
  id: "placeholder-value",
  title: "Placeholder value",
  severity: "major",
  views: BOTH_VIEWS,
  topics: ["parameter-accuracy", "fabrication"],
  explanation:
    "A value such as \"string\", \"<city>\", \"TODO\", \"example.com\", an empty required string, or a lone question word (\"What\") stands in for a real value. Values the user wrote themselves are not flagged.",
  run(context) {
    const hits: CheckHit[] = [];
    const request = context.request;
    const required = new Set(
      Array.isArray(context.tool?.function.parameters.required) ? (context.tool?.function.parameters.required as string[]) : [],
    );
    for (const leaf of context.leaves) {
      if (typeof leaf.value !== "string") continue;
      const raw = leaf.value;
      const folded = fold(raw).trim();
      if (!folded) {
        if (required.has(leaf.path)) hits.push({ severity: "major", penalty: 0.6, path: leaf.path, message: `Required argument "${leaf.path}" is an empty string.`, evidence: "value \"\"" });
        continue;
      }
      const phrase = phraseText(raw);
      const userWrote = request !== undefined && phrase.trim() !== "" && request.phrase.includes(phrase);
      let reason: string | null = null;
      if (TEMPLATE.test(raw)) reason = "is a template marker";
      else if (!userWrote && PLACEHOLDER_WORDS.has(folded.replace(/[_-]+/g, " "))) reason = "is a placeholder";
      else if (!userWrote && SAMPLE_CONTACT.test(folded)) reason = "is sample data";
      else if (FUNCTION_WORDS.has(folded.replace(/[^a-z]/g, "")) && /^[a-z' ]+[?!.]?$/i.test(folded)) reason = "is only a question or filler word, not a value";
      if (reason) hits.push({ severity: "major", penalty: 0.6, path: leaf.path, message: `"${leaf.path}" ${reason}.`, evidence: `value ${JSON.stringify(raw)}` });
    }
    return hits;
  },
};
