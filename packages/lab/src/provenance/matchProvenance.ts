import { readdirSync, readFileSync } from 'node:fs';
import { sha256Hex } from '@the-house/games/engine/eventLog.ts';
import type { AnyGame, PlayerId } from '@the-house/games/engine/types.ts';
import { PROMPT_FORMAT } from '../decision/promptFormat.ts';
import { redactSecrets, redactUrl } from '../models/redact.ts';
import { gitState } from '../reproduce/provenance.ts';
import type { SeatKind } from '../seats/seat.ts';

/** Who played a seat, as far as a reader may know: never a key or a token. */
export interface SeatProvenance {
  kind: SeatKind;
  /** The baseline that played it, or that takes over once a budget is spent. */
  strategy: string | null;
  /** The model or the agent (and its version) behind it. */
  model: string | null;
  /** Where it was reached, its credentials and query taken out. */
  endpoint: string | null;
}

/** A fork's parent: the file it was played on from, by the key that signed it, and where in that file the fork began. */
export interface ParentLink {
  match: string;
  /** The fingerprint of the key that signed the parent file. */
  fingerprint: string;
  /** How many phases of the parent the fork kept, and the parent's log head after them. */
  phase: number;
  head: string;
  /** The parent's own parent, when it was a fork too. */
  parent: ParentLink | null;
}

/**
 * What a match was played with, kept beside its log (never in its hash
 * chain, so a log's heads do not depend on where it was played): the code
 * (commit and package versions), the game's config and the hash of its rules
 * text, the prompt layout, every seat and the seeds.
 */
export interface MatchProvenance {
  format: 1;
  /** The commit checked out, with whether the tree had changes; null without git. */
  git: { commit: string; dirty: boolean } | null;
  versions: Record<string, string>;
  game: string;
  config: unknown;
  /** SHA-256 of the rules text the model prompt states for this config (the summary for a game with no model prompt). */
  rulesSha256: string;
  promptFormat: number;
  seats: Record<PlayerId, SeatProvenance>;
  /** The match's seed, and each point a fork drew its randomness anew: after `phase` phases, from `seed` (`fork/reseed.ts`). */
  seeds: { match: number; reseeded?: Array<{ phase: number; seed: number }> };
  /** Set on a fork: the match it was played on from. */
  parent?: ParentLink;
}

let code: Pick<MatchProvenance, 'git' | 'versions'> | null = null;

/** Every `@the-house/*` package's version in this checkout, and the ElizaOS core its House pins. Read once a process. */
function workspaceVersions(): Record<string, string> {
  const out = new Map<string, string>();
  const packages = new URL('../../../', import.meta.url);
  try {
    for (const dir of readdirSync(packages)) {
      try {
        const pkg = JSON.parse(readFileSync(new URL(`${dir}/package.json`, packages), 'utf8')) as { name?: unknown; version?: unknown; dependencies?: Record<string, unknown> };
        if (typeof pkg.name === 'string' && pkg.name.startsWith('@the-house/') && typeof pkg.version === 'string') out.set(pkg.name, pkg.version);
        const core = pkg.dependencies && Object.hasOwn(pkg.dependencies, '@elizaos/core') ? pkg.dependencies['@elizaos/core'] : undefined;
        if (typeof core === 'string' && !out.has('@elizaos/core')) out.set('@elizaos/core', core);
      } catch {
        // A folder without a readable package.json is no package.
      }
    }
  } catch {
    // Outside a checkout (an installed package) there is nothing beside lab to read.
  }
  return Object.fromEntries([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/** The commit and versions, asked of git once a process (a House writes many files). */
export function codeProvenance(): Pick<MatchProvenance, 'git' | 'versions'> {
  code ??= { git: gitState(), versions: workspaceVersions() };
  return code;
}

/** The rules text a match's prompts state: the model prompt's rules for the first seat's first view, else the game's summary. */
export function rulesText(game: AnyGame, config: unknown, seed: number, players: PlayerId[]): string {
  if (!game.modelPrompt) return game.summary;
  const parsed = game.configSchema.parse(config);
  return game.modelPrompt.rules(game.view(game.setup(parsed, seed, players), players[0]!));
}

/** A seat's endpoint as it may be kept: a URL without credentials or query, any other text with known secret shapes removed. */
export const safeEndpoint = (endpoint: string | null): string | null => (endpoint === null ? null : /^[a-z][\w+.-]*:\/\//i.test(endpoint) ? redactUrl(endpoint) : redactSecrets(endpoint));

export function matchProvenance(input: { game: AnyGame; config: unknown; seed: number; players: PlayerId[]; seats: Record<PlayerId, SeatProvenance> }): MatchProvenance {
  const { game, config, seed, players } = input;
  let rules: string;
  try {
    rules = rulesText(game, config, seed, players);
  } catch {
    // A config the schema no longer takes still gets the rest of its provenance.
    rules = game.summary;
  }
  const seats = Object.fromEntries(players.map((id) => {
    const seat = Object.hasOwn(input.seats, id) ? input.seats[id]! : { kind: 'agent' as const, strategy: null, model: null, endpoint: null };
    return [id, { ...seat, endpoint: safeEndpoint(seat.endpoint) }];
  }));
  return { format: 1, ...codeProvenance(), game: game.id, config, rulesSha256: sha256Hex(rules), promptFormat: PROMPT_FORMAT, seats, seeds: { match: seed } };
}
