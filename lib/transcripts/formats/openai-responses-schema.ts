import { z } from "zod";
import { commonFields, jsonObject, otherType } from "./schema-helpers";

/** OpenAI Responses API: `input` items (and optionally the `output` items that followed). */

const TEXT_PARTS = ["input_text", "output_text", "refusal"];
const knownPart = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("input_text"), text: z.string() }),
  z.looseObject({ type: z.literal("output_text"), text: z.string() }),
  z.looseObject({ type: z.literal("refusal"), refusal: z.string() }),
]);
const part = z.union([knownPart, otherType(TEXT_PARTS, "content part")]);
const partsContent = z.union([z.string(), z.array(part, { error: "expected an array of content parts" })]);

/** `type` may be left out on messages ("easy input messages"). */
const messageItem = z.looseObject({
  type: z.literal("message").optional(),
  role: z.enum(["user", "assistant", "system", "developer"]),
  content: partsContent,
});

const functionCallItem = z.looseObject({
  type: z.literal("function_call"),
  call_id: z.string(),
  name: z.string(),
  arguments: z.string({ error: "expected a JSON string" }),
});
const functionCallOutputItem = z.looseObject({
  type: z.literal("function_call_output"),
  call_id: z.string(),
  output: partsContent,
});
const reasoningItem = z.looseObject({ type: z.literal("reasoning") });

const KNOWN_ITEMS = ["message", "function_call", "function_call_output", "reasoning"];
const knownTypedItem = z.discriminatedUnion("type", [functionCallItem, functionCallOutputItem, reasoningItem]);
export const responsesItem = z.union([messageItem, knownTypedItem, otherType(KNOWN_ITEMS, "item")]);

export const responsesTool = z.union([
  z.looseObject({
    type: z.literal("function"),
    name: z.string(),
    description: z.string().nullish(),
    parameters: jsonObject.nullish(),
  }),
  otherType(["function"], "tool"),
]);

export const openAiResponsesSchema = z.looseObject({
  ...commonFields,
  instructions: z.string().nullish(),
  input: z.union([z.string(), z.array(responsesItem, { error: "expected an array of items" }).min(1)]),
  output: z.array(responsesItem).nullish(),
  tools: z.array(responsesTool).nullish(),
  tool_choice: z.unknown().optional(),
  parallel_tool_calls: z.boolean().nullish(),
});

export type OpenAiResponsesInput = z.infer<typeof openAiResponsesSchema>;
export type ResponsesItemInput = z.infer<typeof responsesItem>;
export type ResponsesPartsContent = z.infer<typeof partsContent>;
type MessageItem = z.infer<typeof messageItem>;
type KnownTypedItem = z.infer<typeof knownTypedItem>;
export type KnownResponsesItem = (MessageItem & { type?: "message" }) | KnownTypedItem;
export type KnownResponsesPart = z.infer<typeof knownPart>;

const KNOWN_ITEM_SET: ReadonlySet<string> = new Set(KNOWN_ITEMS);
const KNOWN_PART_SET: ReadonlySet<string> = new Set(TEXT_PARTS);

/** The catch-all branches refuse known types, so an item with a known (or no) type passed its own schema. */
export function asKnownItem(item: ResponsesItemInput): KnownResponsesItem | null {
  return item.type === undefined || KNOWN_ITEM_SET.has(item.type) ? (item as KnownResponsesItem) : null;
}

export function asKnownPart(value: z.infer<typeof part>): KnownResponsesPart | null {
  return KNOWN_PART_SET.has(value.type) ? (value as KnownResponsesPart) : null;
}

export const OPENAI_RESPONSES_KEYS: ReadonlySet<string> = new Set(Object.keys(openAiResponsesSchema.shape));
