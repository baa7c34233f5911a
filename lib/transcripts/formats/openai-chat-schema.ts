import { z } from "zod";
import { commonFields, jsonObject, otherType } from "./schema-helpers";

/** Chat Completions request body: the reference format. Every object is loose: extra keys are ignored. */

const textPart = z.looseObject({ type: z.literal("text"), text: z.string() });
const refusalPart = z.looseObject({ type: z.literal("refusal"), refusal: z.string() });
export const chatContentPart = z.union([
  z.discriminatedUnion("type", [textPart, refusalPart]),
  otherType(["text", "refusal"], "content part"),
]);

const content = z.union([
  z.string(),
  z.array(chatContentPart, { error: "expected an array of content parts" }),
  z.null(),
]);

const functionCall = z.looseObject({
  name: z.string(),
  // Arguments stay the agent's raw text: parsing them is the evaluation's job, not the schema's.
  arguments: z.string({ error: "expected a JSON string" }),
});

export const chatToolCall = z.looseObject({
  id: z.string(),
  type: z.literal("function").optional(),
  function: functionCall,
});

const name = z.string().nullish();

const systemMessage = z.looseObject({ role: z.literal("system"), content, name });
const developerMessage = z.looseObject({ role: z.literal("developer"), content, name });
const userMessage = z.looseObject({ role: z.literal("user"), content, name });
const assistantMessage = z.looseObject({
  role: z.literal("assistant"),
  content: content.optional(),
  name,
  refusal: z.string().nullish(),
  tool_calls: z.array(chatToolCall).nullish(),
  function_call: functionCall.nullish(),
});
const toolMessage = z.looseObject({ role: z.literal("tool"), content, tool_call_id: z.string(), name });
/** Legacy: answers an assistant `function_call`, by function name. */
const functionMessage = z.looseObject({ role: z.literal("function"), content, name: z.string() });

export const chatMessage = z.discriminatedUnion("role", [
  systemMessage,
  developerMessage,
  userMessage,
  assistantMessage,
  toolMessage,
  functionMessage,
]);

export const chatFunctionDefinition = z.looseObject({
  name: z.string(),
  description: z.string().nullish(),
  parameters: jsonObject.nullish(),
});

export const chatTool = z.union([
  z.looseObject({ type: z.literal("function"), function: chatFunctionDefinition }),
  otherType(["function"], "tool"),
]);

export const openAiChatSchema = z.looseObject({
  ...commonFields,
  messages: z.array(chatMessage).min(1),
  tools: z.array(chatTool).nullish(),
  /** Legacy `functions` list, converted into tools. */
  functions: z.array(chatFunctionDefinition).nullish(),
  tool_choice: z.unknown().optional(),
  /** Legacy counterpart of `tool_choice`. */
  function_call: z.union([z.string(), z.looseObject({ name: z.string() })]).nullish(),
  parallel_tool_calls: z.boolean().nullish(),
});

export type OpenAiChatInput = z.infer<typeof openAiChatSchema>;
export type ChatMessageInput = z.infer<typeof chatMessage>;
export type ChatContentInput = z.infer<typeof content>;

export const OPENAI_CHAT_KEYS: ReadonlySet<string> = new Set(Object.keys(openAiChatSchema.shape));
