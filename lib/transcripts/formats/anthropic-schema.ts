import { z } from "zod";
import { commonFields, jsonObject, otherType } from "./schema-helpers";

/** Anthropic Messages request body. Block types not listed here are accepted and reported. */

const textBlock = z.looseObject({ type: z.literal("text"), text: z.string() });
const imageBlock = z.looseObject({ type: z.literal("image") });
const documentBlock = z.looseObject({ type: z.literal("document"), title: z.string().nullish() });

const toolResultContent = z.union([
  z.string(),
  z.array(
    z.union([z.discriminatedUnion("type", [textBlock, imageBlock, documentBlock]), otherType(["text", "image", "document"], "block")]),
    { error: "expected an array of content blocks" },
  ),
]);

const toolUseBlock = z.looseObject({
  type: z.literal("tool_use"),
  id: z.string(),
  name: z.string(),
  input: z.looseObject({}, { error: "expected an object of arguments" }),
});
const toolResultBlock = z.looseObject({
  type: z.literal("tool_result"),
  tool_use_id: z.string(),
  content: toolResultContent.optional(),
  is_error: z.boolean().nullish(),
});
const thinkingBlock = z.looseObject({ type: z.literal("thinking") });
const redactedThinkingBlock = z.looseObject({ type: z.literal("redacted_thinking") });

const KNOWN_BLOCKS = ["text", "image", "document", "tool_use", "tool_result", "thinking", "redacted_thinking"];
const knownBlock = z.discriminatedUnion("type", [
  textBlock,
  imageBlock,
  documentBlock,
  toolUseBlock,
  toolResultBlock,
  thinkingBlock,
  redactedThinkingBlock,
]);
export const anthropicBlock = z.union([knownBlock, otherType(KNOWN_BLOCKS, "content block")]);

const content = z.union([z.string(), z.array(anthropicBlock, { error: "expected an array of content blocks" })]);

export const anthropicMessage = z.looseObject({
  role: z.enum(["user", "assistant"]),
  content,
});

/** Client tools carry `input_schema`; server tools (`web_search_…`, `bash_…`) carry a versioned type. */
export const anthropicTool = z.union([
  z.looseObject({
    type: z.literal("custom").nullish(),
    name: z.string(),
    description: z.string().nullish(),
    input_schema: jsonObject,
  }),
  otherType(["custom"], "tool"),
]);

export const anthropicSchema = z.looseObject({
  ...commonFields,
  system: z.union([z.string(), z.array(textBlock, { error: "expected an array of text blocks" })]).nullish(),
  messages: z.array(anthropicMessage).min(1),
  tools: z.array(anthropicTool).nullish(),
  tool_choice: z
    .looseObject({
      type: z.enum(["auto", "any", "tool", "none"]),
      name: z.string().nullish(),
      disable_parallel_tool_use: z.boolean().nullish(),
    })
    .nullish(),
});

export type AnthropicInput = z.infer<typeof anthropicSchema>;
export type AnthropicBlockInput = z.infer<typeof anthropicBlock>;
export type KnownAnthropicBlock = z.infer<typeof knownBlock>;

const KNOWN_BLOCK_SET: ReadonlySet<string> = new Set(KNOWN_BLOCKS);
/** The catch-all branch refuses known types, so a block with a known type did pass its own schema. */
export function asKnownBlock(block: AnthropicBlockInput): KnownAnthropicBlock | null {
  return KNOWN_BLOCK_SET.has(block.type) ? (block as KnownAnthropicBlock) : null;
}
export type AnthropicToolResultContent = z.infer<typeof toolResultContent>;

export const ANTHROPIC_KEYS: ReadonlySet<string> = new Set(Object.keys(anthropicSchema.shape));
