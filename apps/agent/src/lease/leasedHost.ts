import { hostname } from 'node:os';
import { SQL } from 'bun';
import { useActiveHost, useRowsGate, useRowWriter } from '@the-house/plugin-house';
import { fencedRowWriter } from './fencedRowWriter.ts';
import { HostLease, LEASE_NAME } from './hostLease.ts';
import { keepLease } from './keepLease.ts';
import { standBy } from './standBy.ts';
import type { StandbySettings } from './standbySettings.ts';

/** A host run under the House's lease: it holds the lease while it runs. */
export interface LeasedHost<H> {
  host: H;
  lease: HostLease;
  /** After the host stopped: the heartbeat ends and the lease lapses at once, so a standby takes over at its next look. */
  release(): Promise<void>;
}

/** This process as the lease names it: machine and process id. */
export const holderName = (): string => `${hostname().slice(0, 100)} pid ${process.pid}`;

/**
 * A host that shares its database with a standby (HOUSE_STANDBY=true): it
 * waits holding no agents, no Discord login and no tables until it holds the
 * House's lease, then starts the host (`start`), which resumes every open
 * match as a restarted host does. The heartbeat runs from the take on (a
 * host takes seconds to start), and every match row is written under this
 * host's epoch. A host that finds it lost the lease calls `lost`, which must
 * stop it at once: it writes nothing more.
 */
export async function runLeased<H>(settings: Extract<StandbySettings, { on: true }>, start: () => Promise<H>, log: (line: string) => void, lost: (why: string) => void): Promise<LeasedHost<H>> {
  const sql = new SQL(settings.url, { max: 3 });
  const lease = new HostLease(sql, holderName(), settings.leaseMs, LEASE_NAME, settings.url);
  try {
    await lease.prepare();
  } catch (error) {
    await sql.close();
    throw new Error(`the House's lease could not be set up in PostgreSQL: ${lease.problem(error)}`);
  }
  const epoch = await standBy(lease, settings.pollMs, log);
  log(`this host is the active host: it holds the House's lease (epoch ${epoch}; ${settings.leaseMs} ms, renewed every ${settings.renewMs} ms)`);
  let ended = false;
  const end = (why: string) => {
    if (ended) return;
    ended = true;
    lost(why);
  };
  const stopBeat = keepLease(lease, settings.renewMs, (why) => end(`lost the House's lease: ${why}`));
  useRowWriter(fencedRowWriter(lease, (why) => end(`a save was refused: ${why}`)));
  useRowsGate(() => stopBeat.whenHeld());
  useActiveHost(`${lease.holder} (lease epoch ${epoch})`);
  let host: H;
  try {
    host = await start();
  } catch (error) {
    stopBeat();
    await lease.release().catch(() => undefined);
    await sql.close();
    throw error;
  }
  return {
    host,
    lease,
    release: async () => {
      stopBeat();
      try {
        await lease.release();
      } catch (error) {
        throw new Error(lease.problem(error));
      } finally {
        await sql.close();
      }
    },
  };
}
