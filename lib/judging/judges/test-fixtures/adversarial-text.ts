/**
 * Texts of the shapes that make a backtracking reading quadratic: long runs of one character,
 * alternations, nested brackets. The long-input test judges them at 1 MB and
 * `npm run bench:long-input` at 10 MB.
 */
export const ADVERSARIAL_SHAPES: Readonly<Record<string, (size: number) => string>> = {
  "one letter repeated": (size) => "A".repeat(size),
  "alternating case": (size) => "aA".repeat(size / 2),
  digits: (size) => "7".repeat(size),
  "digits and dots": (size) => "1.".repeat(size / 2),
  "nested brackets": (size) => `${"[{(".repeat(size / 6)}${")}]".repeat(size / 6)}`,
  spaces: (size) => `a${" ".repeat(size - 2)}b`,
  "words and spaces": (size) => "a ".repeat(size / 2),
  "hashes and capitals": (size) => "##A".repeat(size / 3),
};

/** A transcript whose one call passes `value` as an argument, with a short request and answer around it. */
export function transcriptWithArgument(value: string) {
  return {
    messages: [
      { role: "system", content: "You look up records." },
      { role: "user", content: "Find the record, please." },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "lookup", arguments: JSON.stringify({ query: value }) } }] },
      { role: "tool", tool_call_id: "c1", content: '{"found": true}' },
      { role: "assistant", content: "I found it." },
    ],
    tools: [{ type: "function", function: { name: "lookup", description: "Look up a record.", parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] } } }],
  };
}
