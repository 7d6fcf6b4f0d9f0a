import { PermissionFlagsBits } from 'discord.js';

export const ALL_PERMISSIONS = (1n << 53n) - 1n;

/** A channel's permission overwrite, as Discord keeps it: for a role (type 0) or a member (type 1). */
export interface WorldOverwrite {
  id: string;
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

/**
 * A member's permissions in a guild channel, computed the way Discord does:
 * @everyone's role and the member's roles give the base (Administrator gives
 * everything, overwrites included); then the channel's @everyone overwrite,
 * the member's roles' overwrites taken together, and the member's own
 * overwrite, each denying before it allows. Without View Channel nothing else
 * holds in that channel.
 */
export function channelPermissions(input: { everyoneId: string; base: bigint; memberId: string; memberRoles: readonly string[]; overwrites: readonly WorldOverwrite[] }): bigint {
  if ((input.base & PermissionFlagsBits.Administrator) !== 0n) return ALL_PERMISSIONS;
  let bits = input.base;
  const everyone = input.overwrites.find((o) => o.type === 0 && o.id === input.everyoneId);
  if (everyone) bits = (bits & ~everyone.deny) | everyone.allow;
  let allow = 0n;
  let deny = 0n;
  for (const o of input.overwrites) {
    if (o.type === 0 && o.id !== input.everyoneId && input.memberRoles.includes(o.id)) {
      allow |= o.allow;
      deny |= o.deny;
    }
  }
  bits = (bits & ~deny) | allow;
  const own = input.overwrites.find((o) => o.type === 1 && o.id === input.memberId);
  if (own) bits = (bits & ~own.deny) | own.allow;
  return (bits & PermissionFlagsBits.ViewChannel) === 0n ? 0n : bits;
}
