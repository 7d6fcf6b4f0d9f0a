import { Match } from '@the-house/games/engine/match.ts';
import { runMatchSync } from '@the-house/games/engine/runner.ts';
import { trustConfigSchema } from '@the-house/games/trust/trustConfig.ts';
import { trustGame } from '@the-house/games/trust/trustGame.ts';
const CAST = ['copycat', 'always-cooperate', 'always-cheat', 'grudger', 'detective', 'copykitten', 'simpleton', 'random'];
const config = trustConfigSchema.parse({});
const cast = CAST.map((n) => trustGame.strategies[n]!);
const pairs: any[] = [];
for (let i = 0; i < cast.length; i++) for (let j = i + 1; j < cast.length; j++) pairs.push([cast[i], cast[j]]);
const mode = process.argv[2] ?? 'off';
function run(ms: number) {
  let seed = 0, matches = 0; const t = performance.now();
  while (performance.now() - t < ms) {
    for (const [a, b] of pairs) {
      const match = Match.create(trustGame, config, seed++, [a.name, b.name], { log: mode !== 'off' });
      runMatchSync(match, { [a.name]: a, [b.name]: b });
      if (mode === 'hashed') void match.log?.head;
      matches++;
    }
  }
  return matches * 1000 / (performance.now() - t);
}
run(500);
const r = [run(1000), run(1000), run(1000)];
console.log(mode, r.map(x => Math.round(x)).join(' '));
