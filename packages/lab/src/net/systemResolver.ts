import { lookup } from 'node:dns/promises';

/** A name's addresses, as many as it has (each is checked before any connection). */
export type Resolver = (name: string) => Promise<readonly string[]>;

/** The machine's resolver (getaddrinfo through node:dns, every address, in its order). */
export const systemResolver: Resolver = async (name) => (await lookup(name, { all: true, verbatim: true })).map((entry) => entry.address);
