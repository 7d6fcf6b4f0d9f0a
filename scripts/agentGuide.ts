import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agentGuideTurns, GUIDE_END, GUIDE_START } from '../packages/lab/src/remote/agentGuideTurns.ts';

/** Writes the generated part of docs/agents.md (each game's phases, a complete turn and an answer) from the code. */
const path = join(import.meta.dir, '..', 'docs', 'agents.md');
const text = readFileSync(path, 'utf8');
const start = text.indexOf(GUIDE_START);
const end = text.indexOf(GUIDE_END);
if (start < 0 || end < start) {
  console.error(`docs/agents.md has no generated part (${GUIDE_START} ... ${GUIDE_END})`);
  process.exit(1);
}
writeFileSync(path, `${text.slice(0, start + GUIDE_START.length)}\n\n${agentGuideTurns()}\n\n${text.slice(end)}`);
console.log('docs/agents.md: the generated part is up to date');
