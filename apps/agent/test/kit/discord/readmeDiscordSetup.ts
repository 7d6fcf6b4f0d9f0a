import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GatewayIntentBits } from 'discord.js';
import { repoRoot } from '../../../src/host.ts';

/** The privileged intents by the names the developer portal shows on a bot's page. */
const PORTAL_INTENTS = new Map<string, number>([
  ['Presence Intent', GatewayIntentBits.GuildPresences],
  ['Server Members Intent', GatewayIntentBits.GuildMembers],
  ['Message Content Intent', GatewayIntentBits.MessageContent],
]);

export interface ReadmeDiscordSetup {
  /** The invite URL with `<APPLICATION_ID>` left for the application's id. */
  invite: string;
  permissions: bigint;
  /** The privileged intents the README says to switch on, as a bitfield. */
  privilegedIntents: number;
  /** The README's Discord section, for checking what else it says. */
  section: string;
}

/**
 * What README.md's Discord section tells a person to set up, read so the
 * emulator sets the bots up exactly that way: the tests then show the steps work.
 */
export function readmeDiscordSetup(readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')): ReadmeDiscordSetup {
  const start = readme.indexOf('### Discord');
  if (start < 0) throw new Error('README.md has no "### Discord" section');
  const next = readme.indexOf('\n## ', start);
  const section = readme.slice(start, next < 0 ? undefined : next);
  const invite = /https:\/\/discord\.com\/oauth2\/authorize\?client_id=<APPLICATION_ID>&[^\s`)>]+/.exec(section)?.[0];
  if (!invite) throw new Error('the Discord section has no invite URL with client_id=<APPLICATION_ID>');
  const permissions = BigInt(new URL(invite.replace('<APPLICATION_ID>', '0')).searchParams.get('permissions') ?? '0');
  let privilegedIntents = 0;
  // Markdown wraps lines anywhere; a name split over two lines still reads as one.
  const flat = section.replace(/\s+/g, ' ');
  for (const [name, bit] of PORTAL_INTENTS) if (flat.includes(name)) privilegedIntents |= bit;
  return { invite, permissions, privilegedIntents, section };
}
