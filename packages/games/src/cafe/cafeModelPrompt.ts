import type { ModelPrompt } from '../engine/types.ts';
import { legalLines, oneOf, signatureLines, span, type LegalEntry, type MoveSignature } from '../engine/moveSignatures.ts';
import { nullRecord, ownValue } from '../engine/safeKey.ts';
import { challengeById } from './challengeBank.ts';
import { contentWords } from './cafeChallenge.ts';
import type { Challenge, CafeView, CafeViewLoan, CafeViewOffer, CafeViewPlayer } from './cafeTypes.ts';
import { cafeRulesText } from './cafeRulesText.ts';
import { formatRate } from './cents.ts';
import { MAX_RATE } from './cafeDecision.ts';

const MOVES: MoveSignature[] = [
  { name: 'donate', template: '{"type":"donate","to":"<to>","amount":<amount>}' },
  { name: 'offer_loan', template: '{"type":"offer_loan","to":"<to>","amount":<amount>,"rate":<rate>,"duration":<duration>}', note: 'rate 0.2 = 20% over the whole loan; above 1 (100%) is unusual' },
  { name: 'withdraw_offer', template: '{"type":"withdraw_offer","to":"<to>"}' },
  { name: 'accept_loan', template: '{"type":"accept_loan","from":"<from>"}' },
  { name: 'rescue', template: '{"type":"rescue"}' },
  { name: 'resurrect', template: '{"type":"resurrect","target":"<target>"}' },
];

function rules(view: CafeView): string {
  return [
    ...cafeRulesText(view),
    ...signatureLines('{"market":[<move>,...],"response":"<text>"}', MOVES),
  ].join('\n');
}

const playerText = (p: CafeViewPlayer): string => `${p.id} L${p.level} ${p.tokens}${p.alive ? '' : ' out'}`;
const offerText = (o: CafeViewOffer): string => `${o.lender}>${o.borrower} ${o.amount} at ${formatRate(o.rate)} for ${o.duration}${o.open ? '' : ' (from next round)'}`;
const loanText = (l: CafeViewLoan): string => `${l.borrower} owes ${l.lender} ${l.owed} in round ${l.dueRound}`;
const clip = (text: string, n: number): string => (text.length > n ? `${text.slice(0, n)}...` : text);

/** The keywords a reader recovers from a challenge's id and words: the bank's, else the words themselves (as for a House challenge without keywords). */
function impliedKeywords(id: string, prompt: string): string[] {
  const bank = challengeById.get(id);
  return bank && bank.prompt === prompt ? bank.keywords : contentWords(prompt);
}

function legal(view: CafeView): LegalEntry[] {
  if (!view.alive) return [];
  const others = view.players.filter((p) => p.id !== view.you);
  const living = others.filter((p) => p.alive).map((p) => p.id);
  const dead = others.filter((p) => !p.alive).map((p) => p.id);
  const out: LegalEntry[] = [];
  if (living.length && view.tokens > 0) {
    out.push({ name: 'donate|offer_loan', bind: [['to', oneOf(living)], ['amount', span(0.01, view.tokens)], ['rate', span(0, MAX_RATE)], ['duration', span(1, Math.max(1, view.rounds - view.round + 1))]] });
  }
  const mine = view.offers.filter((o) => o.lender === view.you).map((o) => o.borrower);
  if (mine.length) out.push({ name: 'withdraw_offer', bind: [['to', oneOf(mine)]] });
  const lenders = view.offers.filter((o) => o.borrower === view.you && o.open && others.some((p) => p.id === o.lender)).map((o) => o.lender);
  if (lenders.length) out.push({ name: 'accept_loan', bind: [['from', oneOf(lenders)]] });
  if (view.level < view.costs.maxLevel && view.tokens >= view.costs.rescue) out.push({ name: 'rescue', bind: [] });
  if (dead.length && view.tokens >= view.costs.resurrect) out.push({ name: 'resurrect', bind: [['target', oneOf(dead)]] });
  return out;
}

function viewText(view: CafeView): string {
  const lines = [`Round ${view.round} of ${view.rounds}. You: ${view.you}, level ${view.level}, ${view.tokens} tokens${view.alive ? '' : ', eliminated'}.`, `Table: ${view.players.map(playerText).join(', ')}`];
  if (view.offers.length) lines.push(`Offers (lender>borrower): ${view.offers.map(offerText).join(', ')}`);
  if (view.loans.length) lines.push(`Loans: ${view.loans.map(loanText).join(', ')}`);
  if (view.last) {
    const { round, verdict, responses } = view.last;
    const best = ownValue(responses, verdict.best);
    lines.push(`Round ${round}: best ${verdict.best}, worst ${verdict.worst}.${best ? ` Best answer: ${JSON.stringify(clip(best, 120))}` : ''}`);
  }
  if (view.notices.length) lines.push(`Notices: ${view.notices.map((n) => clip(n, 200)).join(' ')}`);
  const { id, prompt, keywords } = view.challenge;
  const told = impliedKeywords(id, prompt).join(' ') === keywords.join(' ') ? '' : ` (key ideas: ${keywords.join(', ')})`;
  lines.push(`Challenge (${id}): ${prompt}${told}`);
  return [...lines, '', ...legalLines(legal(view))].join('\n');
}

const numberOf = (text: string | undefined): number => Number(text ?? 0);
const rateOf = (text: string | undefined): number => Number(text ?? 0) / 100;

function readPlayer(text: string): CafeViewPlayer | null {
  const m = /^(\S+) L(-?\d+) (-?[\d.]+)( out)?$/.exec(text);
  return m ? { id: m[1]!, level: Number(m[2]), tokens: Number(m[3]), alive: !m[4] } : null;
}

function readOffer(text: string): CafeViewOffer | null {
  const m = /^(\S+)>(\S+) ([\d.]+) at ([\d.]+)% for (\d+)( \(from next round\))?$/.exec(text);
  return m ? { lender: m[1]!, borrower: m[2]!, amount: Number(m[3]), rate: rateOf(m[4]), duration: Number(m[5]), open: !m[6] } : null;
}

function readLoan(text: string): CafeViewLoan | null {
  const m = /^(\S+) owes (\S+) ([\d.]+) in round (\d+)$/.exec(text);
  return m ? { borrower: m[1]!, lender: m[2]!, owed: Number(m[3]), dueRound: Number(m[4]), principal: 0, rate: 0 } : null;
}

function listAfter<T>(lines: string[], prefix: string, item: (text: string) => T | null): T[] {
  const line = lines.find((l) => l.startsWith(prefix));
  if (!line) return [];
  return line
    .slice(prefix.length)
    .split(', ')
    .map(item)
    .filter((x): x is T => x !== null);
}

function read(text: string): CafeView {
  const lines = text.split('\n');
  const line = (prefix: string) => lines.find((l) => l.startsWith(prefix)) ?? '';
  const head = /^Round (\d+) of (\d+)\. You: (\S+), level (-?\d+), (-?[\d.]+) tokens(, eliminated)?\.$/.exec(line('Round ')) ?? [];
  const rules = text;
  const challengeLine = /^Challenge \((.*?)\): (.*?)(?: \(key ideas: (.*)\))?$/.exec(line('Challenge (')) ?? [];
  const id = challengeLine[1] ?? '';
  const prompt = challengeLine[2] ?? '';
  const challenge: Challenge = { id, prompt, keywords: challengeLine[3] ? challengeLine[3].split(', ') : impliedKeywords(id, prompt) };
  const verdict = /^Round (\d+): best (\S+), worst (\S+)\.(?: Best answer: (".*"))?$/.exec(lines.find((l) => /^Round \d+: best /.test(l)) ?? '');
  const notices = line('Notices: ');
  return {
    you: head[3] ?? '',
    round: numberOf(head[1]),
    rounds: numberOf(head[2]),
    challenge,
    level: numberOf(head[4]),
    tokens: numberOf(head[5]),
    alive: !head[6],
    players: listAfter(lines, 'Table: ', readPlayer),
    offers: listAfter(lines, 'Offers (lender>borrower): ', readOffer),
    loans: listAfter(lines, 'Loans: ', readLoan),
    last: verdict
      ? {
          round: Number(verdict[1]),
          challenge: { id: '', prompt: '', keywords: [] },
          responses: nullRecord(verdict[4] ? [[verdict[2]!, JSON.parse(verdict[4]) as string]] : []),
          verdict: { best: verdict[2]!, worst: verdict[3]!, reason: '', by: 'stand-in' },
        }
      : null,
    notices: notices ? [notices.slice('Notices: '.length)] : [],
    costs: {
      rescue: numberOf(/Rescue: (\d+) tokens/.exec(rules)?.[1]),
      resurrect: numberOf(/Resurrect: (\d+) tokens/.exec(rules)?.[1]),
      rescueLevels: numberOf(/Rescue: \d+ tokens, \+(\d+) levels/.exec(rules)?.[1]),
      minLevel: numberOf(/Levels (-?\d+)\.\./.exec(rules)?.[1]),
      maxLevel: numberOf(/Levels -?\d+\.\.\+(\d+)/.exec(rules)?.[1]),
    },
    economy: {
      interestRate: rateOf(/rounds\. Each round: ([\d.]+)% interest/.exec(rules)?.[1]),
      bestAward: numberOf(/\+1 level, \+(\d+) tokens/.exec(rules)?.[1]),
      survivalBonus: numberOf(/survivors get \+(\d+)/.exec(rules)?.[1]),
      groupBonus: numberOf(/and \+(\d+) more if/.exec(rules)?.[1]),
      resurrectLevel: numberOf(/back at level (-?\d+)/.exec(rules)?.[1]),
      startTokens: numberOf(/Banks start at (\d+) tokens/.exec(rules)?.[1]),
    },
  };
}

/**
 * Café as a model reads it: the economy with this match's numbers and the
 * move signatures; then the table (level and bank of each player), open
 * offers and loans, last round's verdict with the best answer (clipped), the
 * player's notices, the challenge and the legal moves. Its own past rounds come from
 * its memory (the game's digest).
 */
export const cafeModelPrompt: ModelPrompt<CafeView> = { rules, view: viewText, read, recentRounds: 3 };
