import { z } from "zod";

/*
 * The trace the Composo SDK's `evaluate_trace` sends (its MultiAgentTrace, dumped without
 * nulls): agent instances by id, each an ordered list of LLM interactions (the messages a model
 * was given and what it answered) or ids of sub-agent instances it invoked.
 */
const toolCall = z.looseObject({ id: z.string(), name: z.string(), parameters: z.string() });
const toolResponse = z.looseObject({ id: z.string(), response: z.string(), name: z.string().nullish() });

export const llmInputSchema = z.looseObject({
  role: z.string(),
  type: z.string().nullish(),
  // A tool response has `response`, a call has `parameters`: try the response first, as Pydantic's union does left to right.
  content: z.union([z.string(), toolResponse, toolCall]),
});

export const llmOutputSchema = z.looseObject({
  type: z.string().nullish(),
  content: z.union([z.string(), toolCall]),
});

export const toolDefinitionSchema = z.looseObject({ name: z.string(), description: z.string(), parameters: z.string() });

export const llmInteractionSchema = z.looseObject({
  input_messages: z.array(llmInputSchema),
  output_messages: z.array(llmOutputSchema),
  tools_available: z.array(toolDefinitionSchema).nullish(),
});

export const agentInstanceSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  interactions: z.array(z.union([z.string(), llmInteractionSchema])),
});

export const multiAgentTraceSchema = z
  .looseObject({
    root_agent_instance_id: z.string(),
    agent_instance_by_id: z.record(z.string(), agentInstanceSchema),
  })
  .superRefine((trace, ctx) => {
    if (!(trace.root_agent_instance_id in trace.agent_instance_by_id)) {
      ctx.addIssue({ code: "custom", path: ["root_agent_instance_id"], message: `no agent instance has the id ${JSON.stringify(trace.root_agent_instance_id)}` });
    }
  });

export type LlmInput = z.output<typeof llmInputSchema>;
export type LlmOutput = z.output<typeof llmOutputSchema>;
export type LlmInteraction = z.output<typeof llmInteractionSchema>;
export type AgentInstance = z.output<typeof agentInstanceSchema>;
export type MultiAgentTrace = z.output<typeof multiAgentTraceSchema>;
