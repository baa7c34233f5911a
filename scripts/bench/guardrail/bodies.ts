/**
 * Request bodies of `npm run bench:guardrail`, as the Composo SDK's `client.evaluate(...)` sends
 * them (EvaluationRequest dumped with its nulls): a user request, the assistant's tool call and,
 * for half of them, the tool's answer (so both views, immediate and hindsight, are judged), with
 * the tools offered and one criterion. Several cities so that no cache sees one body only.
 */
export type GuardrailEndpoint = "reward" | "binary";

export const CRITERIA: Record<GuardrailEndpoint, string> = {
  reward: "Reward tool calls that select appropriate tools and provide accurate parameters",
  binary: "Tool call passes if the selected tool and every argument correctly fulfil the user's request",
};

const TOOLS = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "Current weather for a city.",
      parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } }, required: ["city"] },
    },
  },
  {
    type: "function",
    function: {
      name: "book_table",
      description: "Book a restaurant table.",
      parameters: { type: "object", properties: { restaurant: { type: "string" }, people: { type: "integer" }, time: { type: "string" } }, required: ["restaurant", "people"] },
    },
  },
];

const CITIES = ["Paris", "Lyon", "Berlin", "Madrid", "Rome", "Vienna", "Oslo", "Lisbon"];

function body(city: string, withAnswer: boolean, criterion: string): string {
  const args = JSON.stringify({ city, unit: "celsius" });
  const messages: unknown[] = [
    { role: "user", content: `What's the weather in ${city} right now? I'm deciding whether to walk to dinner.` },
    { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: args } }] },
  ];
  if (withAnswer) messages.push({ role: "tool", tool_call_id: "call_1", content: JSON.stringify({ city, temperature: 18, conditions: "light rain" }) });
  return JSON.stringify({ messages, system_message: "You are a helpful assistant that can look up weather and book restaurants.", tools: TOOLS, evaluation_criteria: criterion, model_core: null });
}

/** The bodies one endpoint is driven with, in turn. */
export function requestBodies(endpoint: GuardrailEndpoint): Buffer[] {
  return CITIES.flatMap((city) => [false, true].map((withAnswer) => Buffer.from(body(city, withAnswer, CRITERIA[endpoint]))));
}
