import { detectFormat } from "@/lib/transcripts/detect-format";

/**
 * The evaluation API's clients send the system prompt beside the messages: the Composo SDK as
 * `system_message`, Anthropic-style bodies as `system`. The importer reads `system` only for
 * Anthropic messages, so an OpenAI-format body would lose it: put it where the format of the
 * messages keeps it. The messages alone decide the format (a `system` key would tip the detector).
 */
export function withSystemPrompt(body: Record<string, unknown>, prompt: string | undefined): Record<string, unknown> {
  const { system_message: _systemMessage, system: _system, model_core: _modelCore, ...rest } = body;
  if (!prompt) return rest;
  const detection = detectFormat(rest);
  if (detection.ok && detection.base === "anthropic") return { ...rest, system: prompt };
  const messages = Array.isArray(rest.messages) ? rest.messages : [];
  const [first] = messages;
  const alreadyThere = isRecord(first) && first.role === "system" && first.content === prompt;
  return { ...rest, messages: alreadyThere ? messages : [{ role: "system", content: prompt }, ...messages] };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
