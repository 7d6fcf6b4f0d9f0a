import { createHash } from 'node:crypto';
import type { UUID } from '@elizaos/core';

/**
 * ElizaOS's `createUniqueUuid(runtime, base)`, the same id for the same
 * input, with node's SHA-1: ElizaOS 1.7.2 hashes in JavaScript (and again with
 * WebCrypto, for its cache) and checks the text against a UUID schema first,
 * about 0.2 ms an id; a model decision makes two (issue 39). Its steps: the
 * agent's own id stays itself; otherwise SHA-1 of the URI-encoded
 * `base:agentId`, its first 16 bytes with the variant bits set and the version
 * nibble cleared.
 */
export function uniqueUuid(agentId: UUID, base: string): UUID {
  if (base === agentId) return agentId;
  const bytes = createHash('sha1').update(encodeURIComponent(`${base}:${agentId}`)).digest();
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  bytes[6] = bytes[6]! & 0x0f;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}` as UUID;
}
