// Many tables on one host: with 1, 4 and 16 offline 8-player Trust matches at
// once, the rounds played per second in all and the host's cost per round
// (wall time over all rounds played: what a round costs the machine), and the
// House's overhead per round as each match sees it (its round time minus the
// span of its own decisions: with the CPU shared by every table this grows
// with the tables); and the host's memory (RSS) after 1 and after 50 finished
// matches. The host runs in a child process, like the other House benches.
import { mean } from 'simple-statistics';
import { benchInOwnProcess, runAsMain } from '@the-house/lab/bench/inOwnProcess.ts';
import { startTestHost, testCharacters, type TestHost } from '../test/kit/testHost.ts';
import { onDecisions, type Span } from './decisionSpans.ts';


interface Marks {
  /** Per game room (its channel): when each round's outcome was posted. */
  posted: Map<string, Map<number, number>>;
  /** The channel of each game room, by its name (the newest room of a name). */
  rooms: Map<string, string>;
  /** Per match and round: the spans of its decisions. */
  decisions: Map<string, Span[]>;
}

function instrument(host: TestHost): Marks {
  const marks: Marks = { posted: new Map(), rooms: new Map(), decisions: new Map() };
  // A game room's name is its match's summary's `room` (game, short id, players): the room a match's posts go to.
  const createRoom = host.service.gateway.createRoom.bind(host.service.gateway);
  host.service.gateway.createRoom = async (name, ids) => {
    const room = await createRoom(name, ids);
    if (room) marks.rooms.set(name, room.channelId);
    return room;
  };
  const post = host.service.gateway.post.bind(host.service.gateway);
  host.service.gateway.post = (room, text, key, author) => {
    const round = /^\[\w+\] Round (\d+)/.exec(text)?.[1];
    if (round) {
      const rounds = marks.posted.get(room.channelId) ?? new Map<number, number>();
      rounds.set(Number(round), performance.now());
      marks.posted.set(room.channelId, rounds);
    }
    return post(room, text, key, author);
  };
  onDecisions(host.runtimes, (request, span) => {
    if (!request) return;
    const key = `${request.matchId}:${request.round}`;
    marks.decisions.set(key, [...(marks.decisions.get(key) ?? []), span]);
  });
  return marks;
}

const wall = (spans: readonly Span[]) => (spans.length ? Math.max(...spans.map((s) => s[1])) - Math.min(...spans.map((s) => s[0])) : 0);

const PLAYERS = Array.from({ length: 8 }, (_, i) => `Seat${i + 1}`);

/** Opens `n` matches at once, each at its own table, and waits for all to end. */
async function playTables(host: TestHost, n: number, seed: number, rounds: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const author = { id: `bench-person-${seed}-${i}`, name: `Bench${i}`, room: { channelId: `bench-room-${seed}-${i}`, serverId: 'bench' } };
    const opened = await host.service.open('trust', PLAYERS, seed + i, null, {}, author, { maxRounds: rounds, replicateAt: 1_000_000 });
    if (!opened.ok) throw new Error(opened.error);
    ids.push(opened.id);
  }
  await Promise.all(ids.map((id) => host.service.finished(id)));
  return ids;
}

/** Per-round House overhead of each match (rounds 2..), averaged, and all rounds per second. */
async function concurrent(host: TestHost, marks: Marks, n: number, seed: number): Promise<{ overhead: number; roundsPerSecond: number; costPerRound: number }> {
  const start = performance.now();
  const ids = await playTables(host, n, seed, 10);
  const elapsed = (performance.now() - start) / 1000;
  const overheads: number[] = [];
  let rounds = 0;
  for (const id of ids) {
    const name = (await host.service.summaryOf(id))?.room;
    const channel = name === undefined ? undefined : marks.rooms.get(name);
    const posted = (channel && marks.posted.get(channel)) || new Map<number, number>();
    rounds += posted.size;
    for (let r = 2; posted.has(r); r++) overheads.push(posted.get(r)! - posted.get(r - 1)! - wall(marks.decisions.get(`${id}:${r}`) ?? []));
  }
  return { overhead: mean(overheads), roundsPerSecond: rounds / elapsed, costPerRound: (elapsed * 1000) / rounds };
}

function rssMb(): number {
  Bun.gc(true);
  return process.memoryUsage().rss / 2 ** 20;
}

async function measure(): Promise<Record<string, number>> {
  const dir = testCharacters(PLAYERS, 'copycat');
  const host = await startTestHost({ charactersDir: dir, env: { HOUSE_ROUND_DELAY_MS: '0', HOUSE_MAX_TABLES: '16', LOG_LEVEL: 'fatal' } });
  try {
    const marks = instrument(host);
    const figures: Record<string, number> = {};
    for (const [n, seed] of [
      [1, 1000],
      [4, 2000],
      [16, 3000],
    ] as const) {
      const { overhead, roundsPerSecond, costPerRound } = await concurrent(host, marks, n, seed);
      figures[`house.tables_${n}_rounds_per_sec`] = roundsPerSecond;
      figures[`house.tables_${n}_cost_per_round_ms`] = costPerRound;
      figures[`house.tables_${n}_match_overhead_per_round_ms`] = overhead;
    }
    figures['house.tables_16_over_1_cost_per_round'] = figures['house.tables_16_cost_per_round_ms']! / figures['house.tables_1_cost_per_round_ms']!;
    await playTables(host, 1, 5000, 10);
    const afterOne = rssMb();
    for (let batch = 0; batch < 7; batch++) await playTables(host, 7, 6000 + batch * 10, 10);
    const afterFifty = rssMb();
    figures['house.rss_after_1_finished_mb'] = afterOne;
    figures['house.rss_after_50_finished_mb'] = afterFifty;
    figures['house.rss_50_over_1'] = afterFifty / afterOne;
    return figures;
  } finally {
    await host.stop();
  }
}

export function bench(): Promise<Record<string, number>> {
  return benchInOwnProcess(import.meta.path, 'house tables bench');
}

if (import.meta.main) await runAsMain(measure);
