import { REFERENCE_CUE } from "../checks/criterion-topics";
import { meaningSubjects, type MeaningSubject } from "../meaning-level";
import type { AgentTopic } from "./checks";

/** The small, visible vocabulary an agent-level criterion is mapped onto: what its checks can see. */
export const AGENT_TOPICS: Readonly<Record<AgentTopic, { label: string; cues: RegExp }>> = {
  exploration: { label: "exploring before acting", cues: /\b(explor\w*|investigat\w*|gather\w*|look\w* up|check\w* (first|before)|verif\w*|before acting|information)\b/ },
  efficiency: { label: "efficient tool use", cues: /\b(efficien\w*|redundan\w*|unnecessar\w*|repeat\w*|duplicat\w*|wasted?|minimal|fewest|loop\w*|steps?)\b/ },
  faithfulness: {
    label: "faithfulness to tool results",
    cues: /\b(faithful\w*|hallucinat\w*|fabricat\w*|invent\w*|made[- ]up|contradict\w*|consistent|supported|unsupported|grounded|truthful\w*|(tool )?results?|outputs?)\b/,
  },
  stopping: { label: "stopping when done", cues: /\b(stop\w*|finish\w*|end\w*|terminat\w*|give up|gave up|when done|prematur\w*|abandon\w*|unanswered)\b/ },
  errors: { label: "errors", cues: /\b(errors?|fail\w*|recover\w*|exceptions?|retr(y|ies|ied))\b/ },
  confirmation: { label: "confirmation before acting", cues: /\b(confirm\w*|consent\w*|permission|approv\w*|agree\w*|go[- ]ahead)\b/ },
  "tool-use": { label: "correct tool use", cues: /\b(tools?|calls?|arguments?|param\w*|functions?)\b/ },
  reference: { label: "expected calls (reference)", cues: REFERENCE_CUE },
};

const REFERENCE_PHRASES = new RegExp(REFERENCE_CUE.source, "g");

const OVERALL = /\b(good|well|correct\w*|right|appropriate\w*|proper\w*|quality|overall|behav\w*|perform\w*)\b/;
// "Uses the wrong tools", "arguments are valid": tool use itself is judged. In "repeats a call" or
// "a call fails", the call only says where to look, and the other topic is the subject.
const QUALIFIED_TOOL_USE =
  /\b(wrong|incorrect|correct\w*|right|appropriate|inappropriate|valid|invalid|accura\w*|inaccura\w*|proper\w*|bad|good|poor)\b[^.;]{0,20}\b(tools?|calls?|arguments?|param\w*|functions?)\b|\b(tools?|calls?|arguments?|param\w*|functions?)\b[^.;]{0,20}\b(wrong|incorrect|correct\w*|valid|invalid|accura\w*|inaccura\w*|appropriate|proper\w*)\b/;

export interface AgentMapping {
  topics: AgentTopic[];
  /** What the condition asks that no check can see (policy, the user's goal…): left to an LLM judge. */
  meaning: MeaningSubject[];
}

/** Topics of an agent-level condition; every topic when it asks for good behaviour overall and names nothing else. */
export function mapAgentCriterion(condition: string): AgentMapping {
  const text = condition.toLowerCase();
  // "Its tool calls match the reference": the phrase names the reference; its words ("tool calls") are not other topics' cues.
  const referenced = REFERENCE_CUE.test(text);
  const rest = referenced ? text.replace(REFERENCE_PHRASES, " ") : text;
  const meaning = meaningSubjects(rest);
  let topics = (Object.keys(AGENT_TOPICS) as AgentTopic[]).filter((topic) => topic !== "reference" && AGENT_TOPICS[topic].cues.test(rest));
  if ((topics.length > 1 || referenced) && topics.includes("tool-use") && !QUALIFIED_TOOL_USE.test(rest)) topics = topics.filter((topic) => topic !== "tool-use");
  if (referenced) return { topics: [...topics, "reference"], meaning };
  if (!topics.length && !meaning.length && OVERALL.test(text)) return { topics: (Object.keys(AGENT_TOPICS) as AgentTopic[]).filter((topic) => topic !== "reference"), meaning };
  return { topics, meaning };
}

/** Topics of an agent-level condition (mapAgentCriterion without what the checks cannot see). */
export function agentTopics(condition: string): AgentTopic[] {
  return mapAgentCriterion(condition).topics;
}
