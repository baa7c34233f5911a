import { parseCriterion, type Criterion } from "./parse";

export type LibraryView = "immediate" | "hindsight";

export interface LibraryCriterion {
  id: string;
  title: string;
  text: string;
  /** The least a judge must see: hindsight criteria need the tool response and what followed. */
  view: LibraryView;
}

/** Ready-made criteria for tool calls; users copy them or start from them. */
export const CRITERIA_LIBRARY: readonly LibraryCriterion[] = [
  {
    id: "tool-selection",
    title: "Tool selection",
    text: "Reward tool calls that select the most appropriate of the offered tools for the user's request",
    view: "immediate",
  },
  {
    id: "tools-and-parameters",
    title: "Appropriate tool, accurate parameters",
    text: "Reward tool calls that select appropriate tools and provide accurate parameters",
    view: "immediate",
  },
  {
    id: "fulfils-request",
    title: "Tool and arguments fulfil the request",
    text: "Tool call passes if the selected tool and every argument correctly fulfil the user's request",
    view: "immediate",
  },
  {
    id: "argument-accuracy",
    title: "Argument accuracy",
    text: "Reward tool calls whose arguments are valid for the tool's schema and accurately reflect what the user asked for",
    view: "immediate",
  },
  {
    id: "no-fabricated-arguments",
    title: "No fabricated arguments",
    text: "Tool call fails if any argument value is fabricated, a placeholder, or not supported by the conversation",
    view: "immediate",
  },
  {
    id: "uses-earlier-results",
    title: "Uses earlier results",
    text: "Penalize tool calls that ignore or contradict values returned by earlier tool results",
    view: "immediate",
  },
  {
    id: "no-redundant-calls",
    title: "No redundant calls",
    text: "Penalize tool calls that repeat a call already made with the same arguments",
    view: "immediate",
  },
  {
    id: "no-sensitive-data",
    title: "No sensitive data in arguments",
    text: "Tool call fails if an argument contains sensitive data such as card numbers, secrets or API keys",
    view: "immediate",
  },
  {
    id: "error-handling",
    title: "Error handling",
    text: "Penalize tool calls that fail with an error or blindly retry a call that already failed",
    view: "hindsight",
  },
  {
    id: "result-answered-request",
    title: "The result answered the request",
    text: "Tool call passes if the tool returned a result without errors that the assistant then used to answer the request",
    view: "hindsight",
  },
  {
    id: "result-used",
    title: "The result was used",
    text: "Reward tool calls whose result the assistant uses in its next answer without contradicting it",
    view: "hindsight",
  },
];

export function libraryCriterion(id: string): LibraryCriterion | undefined {
  return CRITERIA_LIBRARY.find((entry) => entry.id === id);
}

/** The parsed form of a library entry; the library is tested to parse, so this never fails. */
export function parsedLibraryCriterion(entry: LibraryCriterion): Criterion {
  const parsed = parseCriterion(entry.text);
  if (!parsed.ok) throw new Error(`Library criterion ${entry.id} does not parse: ${parsed.message}`);
  return parsed.criterion;
}
