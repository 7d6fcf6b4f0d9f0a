import { randomBytes } from 'node:crypto';
import { ownValue } from '@the-house/games/engine/safeKey.ts';
import { forkId, forkPoint } from '@the-house/lab/fork/forkPoint.ts';
import { readBundle } from '@the-house/lab/models/matchBundle.ts';
import { mayControl, refusal } from '../access.ts';
import { forkedMatch } from '../fork/forkedMatch.ts';
import { forkLineUp } from '../fork/forkLineUp.ts';
import { houseLog } from '../houseLog.ts';
import { seatTokenText } from '../reveal/secretLinks.ts';
import { seatHeldBy } from '../seats/seatSpec.ts';
import { tableOf } from '../tables.ts';
import { forkNoFilesText, forkOpenedText, forkRefusedText, forkStillOpenText, forkWhichText } from '../texts/forkTexts.ts';
import { notSavedText } from '../texts/openMatchTexts.ts';
import type { CommandHandler } from './deskRequest.ts';
import { freeTableProblem } from './freeTableProblem.ts';
import { privateSeat, tableStartedText } from './openMatch.ts';
import { houseOf, personSeatIn, seatChatLine } from './seatChatLine.ts';

/**
 * `!fork MATCH --phase N [--seat SEAT=WHO]... [--seed S]`: a finished or
 * stopped match, as its signed file holds it, rebuilt at the end of phase N
 * (`forkPoint`: the signature, the replay to there and the chain checked) and
 * played on at this table as a match of its own, opened by whoever typed it
 * (its parent's opener or an admin). Its file names the parent, so
 * verify-match checks the chain.
 */
export const forkCommand: CommandHandler<'fork'> = async ({ host, command, author }, at) => {
  const parent = at.stored;
  if (!parent) return forkWhichText;
  if (at.live || (parent.status !== 'finished' && parent.status !== 'stopped')) return forkStillOpenText(parent.id, parent.status);
  if (!mayControl(parent.owner, host.settings.admins, author)) return refusal('fork', parent.id, parent.owner!);
  const busy = freeTableProblem(host, author);
  if (busy) return busy;
  const dir = host.settings.matchDir;
  if (!dir) return forkNoFilesText;
  const game = ownValue(host.games, parent.game);
  if (!game) return forkRefusedText(parent.id, `this House does not run ${parent.game}`);
  const file = readBundle(parent.id, dir, { byName: true });
  if (!file.ok) return forkRefusedText(parent.id, file.error);
  const lineUp = await forkLineUp(host, game, parent, command.seats, author);
  if (!lineUp.ok) return forkRefusedText(parent.id, lineUp.error);
  const point = await forkPoint({ games: host.games, parent: file.bundle, parentPath: file.path, phase: command.phase, swapped: lineUp.swapped, ...(command.seed === undefined ? {} : { seed: command.seed }) });
  if (!point.ok) return forkRefusedText(parent.id, point.error);

  const person = { id: author.id, name: await host.people.nameOf(author) };
  const stored = forkedMatch(parent, point, {
    id: `${forkId(parent.id, command.phase)}-${crypto.randomUUID().slice(0, 4)}`,
    seats: lineUp.seats,
    swaps: lineUp.swaps,
    owner: person,
    // RULES T-c: a person who sits in the match is not its observer.
    observer: seatHeldBy({ seats: lineUp.seats }, author.id) === undefined ? await privateSeat(host, author) : null,
    observerKey: randomBytes(24).toString('base64url'),
    table: tableOf(author),
    origin: author.origin ?? null,
    now: Date.now(),
  });
  const table = host.seat(stored, point.match);
  if (!(await table.persist())) return notSavedText(stored.paused);
  table.startFork();
  houseLog(host.runtime, `${stored.id} forked from ${parent.id} after phase ${command.phase} by ${person.name}${lineUp.swaps.length ? `: ${lineUp.swaps.map((s) => `${s.seat} by ${s.by}`).join(', ')}` : ''}`);
  const round = (point.match.state as { round: number }).round;
  return `${forkOpenedText(parent.id, command.phase, round)} ${await tableStartedText(host, table)}${seatChatLine(houseOf(host), author, personSeatIn(lineUp.seats, author.id))}${seatTokenText(host.runtime, host.settings.publicUrl, lineUp.entrants)}`;
};
