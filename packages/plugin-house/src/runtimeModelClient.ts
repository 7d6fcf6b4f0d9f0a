import { ModelType, type IAgentRuntime } from '@elizaos/core';
import { sha256Hex } from '@the-house/games/engine/eventLog.ts';
import { OFFLINE_BRAIN } from '@the-house/plugin-player/offlineBrainPlugin.ts';
import type { ModelClient } from '@the-house/lab/models/modelCall.ts';
import { redactUrl, secretsRedactor } from '@the-house/lab/models/redact.ts';

/** What identifies a provider's settings in a runtime: base URL, model and key settings of each model plugin. */
const PROVIDERS: Record<string, { baseUrl: [string, string]; model: [string[], string]; key: string }> = {
  openai: { baseUrl: ['OPENAI_BASE_URL', 'https://api.openai.com/v1'], model: [['OPENAI_LARGE_MODEL', 'LARGE_MODEL'], 'gpt-4o'], key: 'OPENAI_API_KEY' },
  anthropic: { baseUrl: ['ANTHROPIC_API_URL', 'https://api.anthropic.com'], model: [['ANTHROPIC_LARGE_MODEL', 'LARGE_MODEL'], 'claude'], key: 'ANTHROPIC_API_KEY' },
  ollama: { baseUrl: ['OLLAMA_API_ENDPOINT', 'http://localhost:11434/api'], model: [['OLLAMA_LARGE_MODEL', 'LARGE_MODEL'], 'llama3'], key: '' },
};

function setting(runtime: IAgentRuntime, key: string): string | undefined {
  if (!key) return undefined;
  const v = runtime.getSetting(key) ?? process.env[key];
  return v === null || v === undefined || v === '' ? undefined : String(v);
}

/** The plugin that answers TEXT_LARGE in this runtime (the highest priority one). */
export function textProvider(runtime: IAgentRuntime): string {
  const models = (runtime as unknown as { models?: Map<string, Array<{ provider?: string }>> }).models;
  return models?.get(ModelType.TEXT_LARGE)?.[0]?.provider ?? 'none';
}

/**
 * A runtime's TEXT_LARGE model as a client: `useModel`, so the runtime's own
 * model plugin answers (plugin-openai against any OpenAI-compatible server,
 * Anthropic, Ollama, or the offline brain). `gateKey` names the provider by
 * plugin, base URL and a hash of the key: players with the same key share limits.
 */
export function runtimeModelClient(runtime: IAgentRuntime): ModelClient & { gateKey: string; baseUrl: string } {
  const provider = textProvider(runtime);
  const known = Object.hasOwn(PROVIDERS, provider) ? PROVIDERS[provider] : undefined;
  const baseUrl = known ? (setting(runtime, known.baseUrl[0]) ?? known.baseUrl[1]) : provider;
  const model = known ? (known.model[0].map((k) => setting(runtime, k)).find(Boolean) ?? known.model[1]) : provider === OFFLINE_BRAIN ? 'offline' : provider;
  const key = known ? (setting(runtime, known.key) ?? '') : '';
  return {
    provider: `${provider}@${redactUrl(baseUrl)}`,
    model,
    free: provider === OFFLINE_BRAIN || provider === 'none',
    gateKey: `${provider}|${redactUrl(baseUrl)}|${sha256Hex(`${baseUrl}\n${key}`).slice(0, 12)}`,
    baseUrl,
    complete: async (prompt) => String(await runtime.useModel(ModelType.TEXT_LARGE, { prompt })),
    redact: secretsRedactor(key, baseUrl),
    // The provider's own words about a failure (an SDK error's message and body), redacted: the host log at debug level is the only place they go.
    debug: (line) => runtime.logger.debug(`House: model call failed: ${line}`),
  };
}
