import { z } from 'zod';
import { MAX_WHISPERS } from './influenceConfig.ts';

export const whisperSchema = z.object({
  to: z.array(z.string().min(1)).min(1),
  text: z.string(),
});

export const powerSchema = z.object({
  action: z.enum(['eliminate', 'protect']),
  target: z.string().min(1),
});

/** The decision's fields; their descriptions are what the prompt says about each (see influencePrompt.ts). */
export const influenceDecisionFields = z.object({
  // Bounded by the most any config allows (RULES I-e): the match's own `maxWhispers` refuses the DMs past it one by one, and the others are delivered.
  whispers: z.array(whisperSchema).max(MAX_WHISPERS).optional().describe('WHISPER: private messages; each names up to 4 other living players (the limit is configurable)'),
  public: z.string().optional().describe('RUMOR: your one public message, or img:<http(s) URL to a png/jpeg>'),
  empower: z.string().min(1).optional().describe('VOTE: the player you want empowered (not yourself)'),
  expose: z.string().min(1).optional().describe('VOTE: the player you want exposed (not yourself; omitted with two left)'),
  last: z.string().optional().describe('VOTE: your last message, posted if you are eliminated'),
  power: powerSchema.optional().describe('POWER, empowered only: eliminate or protect an exposed player'),
});

/** Which fields each phase reads; the others are ignored in that phase. */
export const phaseFields = {
  WHISPER: ['whispers'],
  RUMOR: ['public'],
  VOTE: ['empower', 'expose', 'last'],
  POWER: ['power'],
} as const satisfies Record<string, ReadonlyArray<keyof typeof influenceDecisionFields.shape>>;

/**
 * The spec's section 7 output schema folded into one object: every field is
 * optional because each phase reads only its own (`phaseFields`). The spec's own
 * spellings (`whisper`, `msg`, `powerAction.type`) are accepted as aliases, and
 * a lone recipient name as a one-name list, so a model that follows the spec's
 * prompt literally is not refused.
 */
export const influenceDecisionSchema = z.preprocess(normaliseAliases, influenceDecisionFields);

export type InfluenceDecision = z.infer<typeof influenceDecisionSchema>;
export type Whisper = z.infer<typeof whisperSchema>;
export type PowerAction = z.infer<typeof powerSchema>;

function normaliseAliases(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  if (out.whispers === undefined && Array.isArray(out.whisper)) out.whispers = out.whisper;
  delete out.whisper;
  if (Array.isArray(out.whispers)) {
    out.whispers = out.whispers.map((w) => {
      if (!w || typeof w !== 'object') return w;
      const { msg, ...rest } = w as Record<string, unknown>;
      if (typeof rest.to === 'string') rest.to = [rest.to];
      return rest.text === undefined && msg !== undefined ? { ...rest, text: msg } : rest;
    });
  }
  if (out.power === undefined && out.powerAction && typeof out.powerAction === 'object') {
    const { type, action, target } = out.powerAction as Record<string, unknown>;
    out.power = { action: action ?? type, target };
  }
  delete out.powerAction;
  for (const key of ['public', 'empower', 'expose', 'last'] as const) if (out[key] === null) delete out[key];
  if (out.power === null) delete out.power;
  return out;
}
