import { z } from "zod";
import { ANTHROPIC_DEFAULT_BASE_URL, ANTHROPIC_DEFAULT_MODEL, anthropicJudgeId, anthropicJudgeSettingsSchema } from "./anthropic/settings";
import { CHECKS_JUDGE_ID, createChecksJudge } from "./checks";
import { createComposoJudge } from "./composo/judge";
import { COMPOSO_DEFAULT_BASE_URL, COMPOSO_JUDGE_ID, composoJudgeSettingsSchema } from "./composo/settings";
import { OPENAI_DEFAULT_BASE_URL, OPENAI_DEFAULT_MODEL, openaiJudgeId, openaiJudgeSettingsSchema } from "./openai/settings";
import type { AgentJudge } from "./agent/types";
import type { Judge } from "./types";

// What the engine needs to act on a judge's failure, from the one module it already imports.
export { isJudgeError, JudgeError, type JudgeErrorKind } from "./llm/errors";

/** Which judge to run and with what settings; API keys included, so never store it as is. */
export const judgeConfigSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("checks") }),
  openaiJudgeSettingsSchema.extend({ kind: z.literal("openai") }),
  anthropicJudgeSettingsSchema.extend({ kind: z.literal("anthropic") }),
  composoJudgeSettingsSchema.extend({ kind: z.literal("composo") }),
]);

export type JudgeConfig = z.infer<typeof judgeConfigSchema>;
export type JudgeKind = JudgeConfig["kind"];
export type PublicJudgeConfig = { [K in JudgeKind]: Omit<Extract<JudgeConfig, { kind: K }>, "apiKey"> }[JudgeKind];

export const JUDGE_KINDS: readonly JudgeKind[] = ["checks", "openai", "anthropic", "composo"];

export const JUDGE_LABELS: Readonly<Record<JudgeKind, string>> = {
  checks: "Built-in checks",
  openai: "OpenAI-compatible",
  anthropic: "Anthropic",
  composo: "Composo",
};

export function createJudge(config: JudgeConfig): Judge {
  switch (config.kind) {
    case "checks":
      return createChecksJudge();
    case "openai": {
      const { kind: _kind, ...settings } = config;
      return loadedOnFirstCall(openaiJudgeId(settings.model), () => import("./openai/judge").then((loaded) => loaded.createOpenAIJudge(settings)));
    }
    case "anthropic": {
      const { kind: _kind, ...settings } = config;
      return loadedOnFirstCall(anthropicJudgeId(settings.model), () => import("./anthropic/judge").then((loaded) => loaded.createAnthropicJudge(settings)));
    }
    case "composo": {
      const { kind: _kind, ...settings } = config;
      return createComposoJudge(settings);
    }
  }
}

/**
 * A model judge whose SDK loads on its first call: the OpenAI and Anthropic SDKs take over a
 * second to load, which every `callboard eval` with the built-in judge would otherwise pay.
 */
function loadedOnFirstCall(id: string, load: () => Promise<Judge & AgentJudge>): Judge & AgentJudge {
  let judge: Promise<Judge & AgentJudge> | undefined;
  const loaded = () => (judge ??= load());
  return {
    id,
    evaluate: async (input, signal) => (await loaded()).evaluate(input, signal),
    evaluateTranscript: async (input, signal) => (await loaded()).evaluateTranscript(input, signal),
  };
}

/** The id the judge built from this config will have, without building it. */
export function judgeIdFor(config: JudgeConfig): string {
  switch (config.kind) {
    case "checks":
      return CHECKS_JUDGE_ID;
    case "openai":
      return openaiJudgeId(config.model);
    case "anthropic":
      return anthropicJudgeId(config.model);
    case "composo":
      return COMPOSO_JUDGE_ID;
  }
}

/** The config without its key: what a Run may record about its judge. */
export function publicJudgeConfig(config: JudgeConfig): PublicJudgeConfig {
  if (config.kind === "checks") return config;
  const { apiKey: _apiKey, ...rest } = config;
  return rest;
}

export type JudgeEnv = Record<string, string | undefined>;

export type JudgeConfigFromEnv = { ok: true; config: JudgeConfig } | { ok: false; reason: string };

// As in lib/platform/env.ts: an empty variable means "not set" (`FOO= cmd`).
function read(env: JudgeEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function validated(config: unknown, variables: Record<string, string>): JudgeConfigFromEnv {
  const parsed = judgeConfigSchema.safeParse(config);
  if (parsed.success) return { ok: true, config: parsed.data };
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? "");
  const variable = variables[field];
  return { ok: false, reason: `${variable ?? field}: ${issue?.message ?? "invalid"}` };
}

/** The config a judge kind gets from the environment, or what is missing for it. */
export function judgeConfigFromEnv(kind: JudgeKind, env: JudgeEnv): JudgeConfigFromEnv {
  switch (kind) {
    case "checks":
      return { ok: true, config: { kind: "checks" } };
    case "openai": {
      const apiKey = read(env, "OPENAI_API_KEY");
      const baseURL = read(env, "OPENAI_BASE_URL");
      // Local servers (Ollama, vLLM, LM Studio, llama.cpp) take no key: a base URL is enough.
      if (!apiKey && !baseURL) return { ok: false, reason: "set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server that needs no key)" };
      const config = { kind, model: read(env, "OPENAI_MODEL") ?? OPENAI_DEFAULT_MODEL, ...(apiKey ? { apiKey } : {}), ...(baseURL ? { baseURL } : {}) };
      return validated(config, { baseURL: "OPENAI_BASE_URL", model: "OPENAI_MODEL", apiKey: "OPENAI_API_KEY" });
    }
    case "anthropic": {
      const apiKey = read(env, "ANTHROPIC_API_KEY");
      if (!apiKey) return { ok: false, reason: "set ANTHROPIC_API_KEY" };
      const baseURL = read(env, "ANTHROPIC_BASE_URL");
      const config = { kind, model: read(env, "ANTHROPIC_MODEL") ?? ANTHROPIC_DEFAULT_MODEL, apiKey, ...(baseURL ? { baseURL } : {}) };
      return validated(config, { baseURL: "ANTHROPIC_BASE_URL", model: "ANTHROPIC_MODEL", apiKey: "ANTHROPIC_API_KEY" });
    }
    case "composo": {
      const apiKey = read(env, "COMPOSO_API_KEY");
      if (!apiKey) return { ok: false, reason: "set COMPOSO_API_KEY" };
      const baseURL = read(env, "COMPOSO_BASE_URL");
      return validated({ kind, apiKey, ...(baseURL ? { baseURL } : {}) }, { baseURL: "COMPOSO_BASE_URL", apiKey: "COMPOSO_API_KEY" });
    }
  }
}

export interface JudgeStatus {
  kind: JudgeKind;
  label: string;
  /** The judge's id when configured, e.g. "openai:gpt-4.1-mini". */
  id: string;
  configured: boolean;
  /** Why the judge is not usable, phrased as what to do ("set OPENAI_API_KEY"). */
  reason?: string;
  model?: string;
  /** Where requests go, without credentials or query string. */
  endpoint?: string;
}

const DEFAULT_ENDPOINTS: Partial<Record<JudgeKind, string>> = {
  openai: OPENAI_DEFAULT_BASE_URL,
  anthropic: ANTHROPIC_DEFAULT_BASE_URL,
  composo: COMPOSO_DEFAULT_BASE_URL,
};

function endpointOf(baseURL: string): string {
  const url = new URL(baseURL);
  return `${url.origin}${url.pathname === "/" ? "" : url.pathname}`;
}

const DEFAULT_IDS: Record<JudgeKind, string> = {
  checks: CHECKS_JUDGE_ID,
  openai: openaiJudgeId(OPENAI_DEFAULT_MODEL),
  anthropic: anthropicJudgeId(ANTHROPIC_DEFAULT_MODEL),
  composo: COMPOSO_JUDGE_ID,
};

/** Every judge with whether the environment configures it, for the settings page and run form. */
export function judgeStatusFromEnv(env: JudgeEnv): JudgeStatus[] {
  return JUDGE_KINDS.map((kind): JudgeStatus => {
    const label = JUDGE_LABELS[kind];
    const result = judgeConfigFromEnv(kind, env);
    if (!result.ok) return { kind, label, id: DEFAULT_IDS[kind], configured: false, reason: result.reason };
    const { config } = result;
    const status: JudgeStatus = { kind, label, id: judgeIdFor(config), configured: true };
    if ("model" in config) status.model = config.model;
    const baseURL = ("baseURL" in config ? config.baseURL : undefined) ?? DEFAULT_ENDPOINTS[kind];
    if (baseURL) status.endpoint = endpointOf(baseURL);
    return status;
  });
}
