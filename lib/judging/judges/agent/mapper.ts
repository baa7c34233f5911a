import type { AgentTopic } from "./checks";

/** The small, visible vocabulary an agent-level criterion is mapped onto. */
export const AGENT_TOPICS: Readonly<Record<AgentTopic, { label: string; cues: RegExp }>> = {
  goal: {
    label: "pursuing the user's goal",
    cues: /\b(goal|task|request|resolv\w*|accomplish\w*|achiev\w*|complet\w*|fulfil\w*|fulfill\w*|succe\w*|solv\w*|help\w*|outcome|done)\b/,
  },
  exploration: { label: "exploring before acting", cues: /\b(explor\w*|investigat\w*|gather\w*|look\w* up|check\w* (first|before)|verif\w*|before acting|information)\b/ },
  efficiency: { label: "efficient tool use", cues: /\b(efficien\w*|redundan\w*|unnecessar\w*|repeat\w*|duplicat\w*|wasted?|minimal|fewest|loop\w*|steps?)\b/ },
  faithfulness: {
    label: "faithfulness to tool results",
    cues: /\b(faithful\w*|hallucinat\w*|fabricat\w*|invent\w*|made[- ]up|contradict\w*|consistent|supported|unsupported|grounded|accura\w*|truthful\w*|(tool )?results?|outputs?)\b/,
  },
  stopping: { label: "stopping when done", cues: /\b(stop\w*|finish\w*|end\w*|terminat\w*|give up|gave up|when done|prematur\w*|abandon\w*)\b/ },
  errors: { label: "errors", cues: /\b(errors?|fail\w*|recover\w*|exceptions?|retr(y|ies|ied))\b/ },
  policy: { label: "the agent's policy", cues: /\b(polic(y|ies)|rules?|guidelines?|confirm\w*|consent|permission|approv\w*)\b/ },
  "tool-use": { label: "correct tool use", cues: /\b(tools?|calls?|arguments?|param\w*|functions?)\b/ },
};

const OVERALL = /\b(good|well|correct\w*|right|appropriate\w*|proper\w*|quality|overall|behav\w*|perform\w*)\b/;

/** Topics of an agent-level condition; every topic when it asks for good behaviour overall. */
export function agentTopics(condition: string): AgentTopic[] {
  const text = condition.toLowerCase();
  const topics = (Object.keys(AGENT_TOPICS) as AgentTopic[]).filter((topic) => AGENT_TOPICS[topic].cues.test(text));
  if (!topics.length && OVERALL.test(text)) return Object.keys(AGENT_TOPICS) as AgentTopic[];
  return topics;
}
