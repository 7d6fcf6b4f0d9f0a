import { decisionOf } from '@the-house/lab/seats/decideWithRepair.ts';
import { lookalike } from '@the-house/games/engine/lookalike.ts';
import { findPlayer, isPlayerAgent } from '@the-house/plugin-player/playerRegistry.ts';
import { isAdmin, mayControl, refusal } from '../access.ts';
import { checkSituation, commandList, type HouseCommand, type Situation } from '../commands/parse.ts';
import { houseGameOf, gameCommandsByGame, houseCommandTable, verbAdapter } from '../games/houseGames.ts';
import { HumanDesk } from '../humanDesk.ts';
import { matchByRef, tableOf } from '../tables.ts';
import { isOpen, type Table } from '../table/table.ts';
import { openerSits } from '../table/openerSits.ts';
import { gamesText, helpText, playWhichText, statusText, tableLine } from '../texts/houseTexts.ts';
import { observerLinkLine } from '../reveal/secretLinks.ts';
import type { PlayerId } from '@the-house/games/engine/types.ts';
import type { CommandAuthor, StoredMatch } from '../types.ts';
import { publicSummary } from '../records/audience.ts';
import { matchSummary, spendOf } from '../records/matchSummary.ts';
import type { DeskHost } from './deskHost.ts';
import { agentNamed, openMatch, privateSeat, quote, tableStartedText } from './openMatch.ts';
import { entrantCommand } from '../entrants/entrantDesk.ts';
import { EntrantStore } from '../entrants/entrantStore.ts';
import { typedPrivately } from '../entrants/typedPrivately.ts';

/** The policy that answers a match's begs when no person does (Trust's `observer` config). */
const begPolicy = (stored: StoredMatch): string => {
  const policy = (stored.config as { observer?: unknown } | null)?.observer;
  return typeof policy === 'string' ? policy : 'beg';
};

const stringSetting = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** The seat a person holds in a match, by their id. */
function seatOf(stored: StoredMatch, author: CommandAuthor): PlayerId | null {
  return Object.entries(stored.humans).find(([, seat]) => seat.id === author.id)?.[0] ?? null;
}

/**
 * The command desk: a parsed command and its author in, the reply out. It
 * finds the match a command is about, checks the phase and who may act
 * (owner or admin), and hands the work to that match's table. No match loop
 * here, and every refusal is one line that says what is allowed.
 */
export class CommandDesk {
  constructor(private readonly host: DeskHost) {}

  private get tables(): Table[] {
    return [...this.host.tables.values()];
  }

  /** The open match at a table. */
  private atTable(table: string): Table | null {
    return this.tables.find((t) => t.stored.table === table && isOpen(t.stored.status)) ?? null;
  }

  /** The open match whose own game room (the GUI group, or its Discord thread) the author typed in. */
  private inGameRoom(author: CommandAuthor): Table | null {
    const typedIn = author.origin?.channelId ?? author.room?.channelId;
    if (!typedIn) return null;
    return this.tables.find((t) => isOpen(t.stored.status) && (t.stored.channelId === typedIn || (!!author.origin && t.stored.origin?.channelId === typedIn))) ?? null;
  }

  /** Matches that hold a table now (lobby or running): what `HOUSE_MAX_TABLES` bounds. */
  private busyTables(): Table[] {
    return this.tables.filter((t) => t.stored.status === 'lobby' || t.stored.status === 'running');
  }

  private line(table: Table): string {
    return tableLine(this.host.games, publicSummary(this.host.games, table.summary()));
  }

  /**
   * The match a command is about: the one it names (`--match`), else the open
   * one of the room it was typed in; for a person's own moves, the match where
   * they hold a seat.
   */
  private async target(command: HouseCommand, author: CommandAuthor, ref: string | undefined): Promise<{ live: Table | null; stored: StoredMatch | null; error?: string }> {
    const { host } = this;
    if (ref) {
      const found = matchByRef([...new Set([...host.tables.keys(), ...(await host.store.ids())])], ref);
      if (!found.ok) return { live: null, stored: null, error: found.error };
      const live = host.tables.get(found.id);
      if (live) return { live, stored: live.stored };
      const loaded = await host.records.load(found.id);
      return { live: null, stored: loaded?.match ?? null, error: loaded?.match ? undefined : `Match ${found.id} is damaged: ${loaded?.damage ?? 'unreadable'}` };
    }
    const here = this.atTable(tableOf(author)) ?? this.inGameRoom(author);
    if (here) return { live: here, stored: here.stored };
    if (command.kind === 'grant' || command.kind === 'decline') {
      // The observer answers in their own chat (a DM), where the beg reached them.
      const begging = this.tables.filter((t) => t.stored.owner?.id === author.id && t.observer.pending().some((b) => b.player.toLowerCase() === command.player.toLowerCase()));
      if (begging.length === 1) return { live: begging[0]!, stored: begging[0]!.stored };
    }
    if (command.kind === 'status' || command.kind === 'stop' || command.kind === 'start' || command.kind === 'grant' || command.kind === 'decline') {
      const mine = this.tables.filter((t) => isOpen(t.stored.status) && t.stored.owner?.id === author.id);
      if (mine.length === 1) return { live: mine[0]!, stored: mine[0]!.stored };
      if (mine.length > 1 && command.kind !== 'status') return { live: null, stored: null, error: `You have ${mine.length} matches open (${mine.map((t) => t.id).join(', ')}); add \`--match ID\`, or type it at the match's table.` };
    }
    if (command.kind === 'move' || command.kind === 'done' || command.kind === 'view' || command.kind === 'game') {
      const seated = this.tables.filter((t) => t.stored.status === 'running' && seatOf(t.stored, author));
      if (seated.length === 1) return { live: seated[0]!, stored: seated[0]!.stored };
      if (seated.length > 1) return { live: null, stored: null, error: `You hold seats at ${seated.length} tables (${seated.map((t) => t.id).join(', ')}); add \`--match ID\`.` };
    }
    if (command.kind === 'resume') {
      const paused = this.tables.filter((t) => t.stored.status === 'paused' && mayControl(t.stored.owner, host.settings.admins, author));
      if (paused.length) return { live: paused.at(-1)!, stored: paused.at(-1)!.stored };
    }
    const typedIn = author.origin?.channelId ?? author.room?.channelId;
    const closedHere = typedIn ? host.records.closedIn(typedIn) : undefined;
    if (closedHere && (command.kind === 'status' || command.kind === 'game')) {
      // Typed in a finished match's own room: it is about that match (`!audit` where the room's last line offers it).
      const loaded = await host.records.load(closedHere);
      if (loaded?.match) return { live: null, stored: loaded.match };
    }
    if (command.kind === 'status' || command.kind === 'game') {
      // A match that just stopped or ended, still leaving memory.
      const closing = this.tables.filter((t) => t.stored.table === tableOf(author)).at(-1);
      if (closing) return { live: null, stored: closing.stored };
    }
    const last = host.records.lastAt(tableOf(author));
    if (last && (command.kind === 'status' || command.kind === 'game')) {
      const loaded = await host.records.load(last);
      if (loaded?.match) return { live: null, stored: loaded.match };
    }
    return { live: null, stored: null };
  }

  /** `!status` of a match that is not open here: one still closing, or closed. */
  private statusOf(stored: StoredMatch): string {
    const closing = this.host.tables.get(stored.id);
    const unit = this.host.games[stored.game]?.scoreName ?? '';
    if (closing) return statusText(publicSummary(this.host.games, closing.summary()), stored, closing.match?.state ?? stored.state, [], closing.fileNote(), unit);
    return statusText(matchSummary(this.host.games, stored, stored.state, spendOf(stored.record)), stored, stored.state, [], this.host.records.fileNote(stored), unit);
  }

  /** Runs one parsed command; the reply says what happened or what is allowed. */
  async handle(command: HouseCommand, author: CommandAuthor, ref?: string, replied?: Promise<unknown>): Promise<string> {
    const { host } = this;
    if (command.kind === 'help') return helpText(host.games, houseCommandTable(), host.settings.dashboardUrl, gameCommandsByGame());
    if (command.kind === 'games') return gamesText(host.games);
    if (command.kind === 'enter' || command.kind === 'entrants') {
      const entrants = { entrants: new EntrantStore(host.runtime), admins: host.settings.admins, nameOf: (a: CommandAuthor) => host.people.nameOf(a), setting: (key: string) => stringSetting(host.runtime.getSetting(key)), privately: (a: CommandAuthor) => typedPrivately(host.gateway, a) };
      return entrantCommand(entrants, command, author);
    }
    if (command.kind === 'name') {
      const problem = await host.people.choose(author, command.name);
      return problem ? `Not changed: ${problem}.` : `From your next seat on you sit down as ${command.name} (a seat you hold now keeps its name).`;
    }
    const { live, stored, error } = await this.target(command, author, command.kind === 'resume' ? (command.match ?? ref) : ref);
    if (error) return error;
    const situation: Situation = live ? (live.stored.status === 'lobby' ? 'lobby' : live.stored.status === 'running' ? 'running' : 'idle') : 'idle';
    const wrong = command.kind === 'resume' || command.kind === 'status' || command.kind === 'play' ? null : checkSituation(command, situation);
    if (wrong) return wrong;
    const fromPlayer = isPlayerAgent(author.id);
    const owned = (verb: string): string | null => {
      if (!live) return null;
      if (fromPlayer) return `Only the person who opened ${live.id}, or a House admin, may !${verb} it; a player agent may not.`;
      return mayControl(live.stored.owner, host.settings.admins, author) ? null : refusal(verb, live.id, live.stored.owner!);
    };
    switch (command.kind) {
      case 'status': {
        if (live) {
          const text = statusText(publicSummary(host.games, live.summary()), live.stored, live.match?.state ?? live.stored.state, live.observer.pending(), live.fileNote(), host.games[live.stored.game]?.scoreName);
          // Asked privately by its owner or an admin, the status carries the observer link.
          const watcher = author.private === true && !fromPlayer && (live.stored.owner ? mayControl(live.stored.owner, host.settings.admins, author) : isAdmin(host.settings.admins, author));
          return watcher && live.stored.observerKey ? `${text}\n${observerLinkLine(host.runtime, host.settings.publicUrl, live.id, live.stored.observerKey)}` : text;
        }
        if (stored) return this.statusOf(stored);
        const open = this.tables.filter((t) => isOpen(t.stored.status));
        if (!open.length) return `No match yet. Start one with \`!play GAME\`. Games: ${Object.keys(host.games).join(', ')}`;
        return `No match at this table. ${open.length} table${open.length > 1 ? 's are' : ' is'} open: ${open.map((t) => this.line(t)).join('; ')}. Add \`--match ID\` to a command to act on one.`;
      }
      case 'play': {
        if (fromPlayer) return 'Only people open matches; players join with !join.';
        if (!command.game) return playWhichText(host.games);
        const here = this.atTable(tableOf(author));
        if (here) return `This room already has ${this.line(here)}. Stop it with !stop, or open your match from another room.`;
        const mine = this.tables.filter((t) => isOpen(t.stored.status) && t.stored.owner?.id === author.id);
        if (mine.length >= host.settings.tablesPerPerson && !isAdmin(host.settings.admins, author)) {
          return `You have ${mine.length} matches open (${mine.map((t) => t.id).join(', ')}); a person may have ${host.settings.tablesPerPerson} (HOUSE_TABLES_PER_PERSON). Stop one, or wait for it to end.`;
        }
        const busy = this.busyTables();
        if (busy.length >= host.settings.maxTables) return `All ${host.settings.maxTables} tables are busy (HOUSE_MAX_TABLES): ${busy.map((t) => this.line(t)).join('; ')}. Wait for one to end, or ask its owner to !stop it.`;
        const opened = await openMatch(host, command.game, command.players, command.seed, author.origin ?? null, command.options, author, command.config ?? {}, command.open === true);
        return opened.ok ? opened.text : opened.error;
      }
      case 'join': {
        const t = live!;
        const game = host.games[t.stored.game]!;
        const agent = findPlayer(author.name)?.character.name;
        const viaAgent = fromPlayer ? agent : undefined;
        const name = viaAgent ?? (await host.people.nameOf(author));
        if (!viaAgent && agentNamed(name)) return `${name} is the name of a player agent; a person needs another name to sit down.`;
        if (t.stored.players.some((p) => lookalike(p) === lookalike(name))) return `${name} is already seated.`;
        if (t.stored.players.length >= game.maxPlayers) return `The table is full (${game.maxPlayers} players).`;
        // The lobby's opener decides who sits: they and the admins, anyone only in a lobby they opened to all.
        const owner = t.stored.owner;
        if (owner && !t.stored.lobbyOpen && !(!fromPlayer && mayControl(owner, host.settings.admins, author))) {
          return `Only ${owner.name}, who opened ${t.id}, or a House admin may sit in its lobby; ${owner.name} may open a lobby to anyone with \`!play ${t.stored.game} --open\`.`;
        }
        if (!viaAgent) {
          t.stored.humans[name] = await privateSeat(host, author);
          // RULES T-c: the person who opened it now sits in it, so no one observes it.
          if (t.stored.owner?.id === author.id) t.stored.observer = null;
        }
        t.stored.players.push(name);
        await t.persist();
        return `${name} joins ${game.title}${viaAgent ? '' : ' as a person: the House will ask you for each move here'}: ${t.stored.players.join(', ')}.`;
      }
      case 'kick': {
        const no = owned('kick');
        if (no) return no;
        const t = live!;
        const seat = t.stored.players.find((p) => p.toLowerCase() === command.player.toLowerCase());
        if (!seat) return `${command.player} has no seat in ${t.id}. Seated: ${t.stored.players.join(', ')}.`;
        t.stored.players = t.stored.players.filter((p) => p !== seat);
        if (Object.hasOwn(t.stored.humans, seat)) delete t.stored.humans[seat];
        await t.persist();
        return `${seat} leaves the lobby of ${t.id}. Seated: ${t.stored.players.join(', ') || 'nobody'}.`;
      }
      case 'start': {
        const no = owned('start');
        if (no) return no;
        const error = live!.begin();
        return error ?? (await tableStartedText(host, live!));
      }
      case 'stop': {
        const no = owned('stop');
        if (no) return no;
        await live!.stop();
        return `Match ${live!.id} stopped at round ${live!.summary().round}.`;
      }
      case 'grant':
      case 'decline': {
        if (live && openerSits(live.stored)) return `Nobody answers the begs of ${live.id} (RULES T-c): ${live.stored.owner!.name}, who opened it, sits in it, so the game's ${begPolicy(live.stored)} policy answers them.`;
        const no = owned(command.kind);
        if (no) return no;
        if (!live) return `No open beg from ${command.player}: nobody is begging right now.`;
        if (seatOf(live.stored, author)) return `You sit in ${live.id}, so you cannot answer its begs (RULES T-c): with a person seated in it, the game's policy answers them.`;
        return live.observer.answer(command.player, command.kind === 'grant' ? command.amount : 0, command.reason);
      }
      case 'move':
      case 'done': {
        const seat = live ? seatOf(live.stored, author) : null;
        if (!live || !seat) return 'You hold no seat in a running match. Join a lobby with `!join`, or sit down with `!play GAME me,NAMES` (e.g. `!play trust me,Ada`).';
        // The reply goes out before the move it completes reaches the game: "Move accepted." comes before the next turn.
        const humans = replied ? live.humans.afterReply(replied) : live.humans;
        if (command.kind === 'done') return humans.done(seat);
        const adapter = houseGameOf(live.stored.game);
        const state = live.match!.state;
        const decision = adapter?.parseMove?.(command.text, state, seat) ?? decisionOf(command.text);
        const reply = humans.submit(seat, `!move ${quote(command.text)}`, decision);
        const forms = reply.startsWith('Not accepted') ? adapter?.moveForms?.(state, seat, live.match!.game.view(state, seat)) : undefined;
        return forms?.length ? `${reply}\nYour moves now: ${forms.map((f) => `\`${f}\``).join(' · ')}` : reply;
      }
      case 'view': {
        const seat = live ? seatOf(live.stored, author) : null;
        if (!live?.match || !seat) return 'You hold no seat in a running match, so there is no view of yours to show.';
        const { game, state } = live.match;
        const view = game.view(state, seat);
        const round = (state as { round: number }).round;
        if (command.json) return `Your view of ${live.id}, round ${round}:\n\`\`\`json\n${JSON.stringify(view, null, 1)}\n\`\`\``;
        const lines = live.adapter?.turnText ? live.adapter.turnText(state, seat, view) : game.prompt ? game.prompt(view as never) : '';
        return `What you know of ${live.id}, round ${round}:\n${lines}\n\`!view json\` shows all of it as JSON.`;
      }
      case 'resume': {
        if (!live) return command.match ?? ref ? `Match ${command.match ?? ref} is not open, so it cannot resume.` : 'No paused match to resume.';
        const no = owned('resume');
        if (no) return no;
        return live.resume(command.options);
      }
      case 'game': {
        const target = live?.stored ?? stored;
        const adapter = target ? verbAdapter(target.game, command.verb) : undefined;
        const afterEnd = target?.status === 'finished' && !!adapter?.afterEnd?.includes(command.verb);
        if (!target || (target.status !== 'running' && !afterEnd)) return `!${command.verb} needs a running match. Allowed now: ${commandList(houseCommandTable())}`;
        if (!adapter?.handle) return `!${command.verb} is not a command of ${target.game}. Allowed: ${commandList(houseCommandTable())}`;
        const game = host.games[target.game]!;
        return adapter.handle(command, {
          matchId: target.id,
          game,
          state: live?.match?.state ?? target.state,
          author,
          seat: seatOf(target, author),
          humans: live ? (replied ? live.humans.afterReply(replied) : live.humans) : new HumanDesk(),
          log: live?.match?.log?.entries ?? target.log,
          say: (text) => host.voiceFor(target).say(text),
        });
      }
    }
    return `Allowed: ${commandList(houseCommandTable())}`;
  }
}
