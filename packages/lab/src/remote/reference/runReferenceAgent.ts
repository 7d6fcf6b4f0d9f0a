// A reference agent in a process of its own, for runtime tests, benches and builders trying the House:
//   bun runReferenceAgent.ts a2a  [--port N] [--mode M] [--strategy S] [--delay-ms MS] [--v03] [--key house-public-key.pem]
//   bun runReferenceAgent.ts http [--port N] [--mode M] [--strategy S] [--delay-ms MS] [--key house-public-key.pem]
// With --key it answers 401 to any turn that key did not sign (the House's /house/signing-key, or headless play's local key).
//   bun runReferenceAgent.ts mcp  --url <seat URL> [--mode M] [--strategy S] [--delay-ms MS]
// It prints one JSON line when ready ({"url": ...} for a served agent, {"connecting": ...} for MCP),
// one line per turn it answers ({"turn": id}), one per end of a match it hears ({"end": {...}}), and runs until it is killed
// (MCP: until its match is over or its token is refused).
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AGENT_MODES, type AgentMode } from './referenceMove.ts';
import { referenceA2aAgent } from './referenceA2aAgent.ts';
import { referenceHttpBot } from './referenceHttpBot.ts';
import { referenceMcpAgent } from './referenceMcpAgent.ts';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { port: { type: 'string' }, mode: { type: 'string' }, strategy: { type: 'string' }, 'delay-ms': { type: 'string' }, v03: { type: 'boolean' }, url: { type: 'string' }, key: { type: 'string' } },
  allowPositionals: true,
});
const kind = positionals[0];
const mode = (values.mode ?? 'good') as AgentMode;
if (!AGENT_MODES.includes(mode)) throw new Error(`--mode is one of ${AGENT_MODES.join(', ')}`);
const port = values.port === undefined ? 0 : Number(values.port);
const delayMs = values['delay-ms'] === undefined ? undefined : Number(values['delay-ms']);
const key = values.key === undefined ? undefined : createPublicKey(readFileSync(values.key, 'utf8'));
const say = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);

if (kind === 'a2a' || kind === 'http') {
  const agent = kind === 'a2a' ? referenceA2aAgent({ mode, strategy: values.strategy, delayMs, v03: values.v03, port, key }) : referenceHttpBot({ mode, strategy: values.strategy, delayMs, port, key });
  let told = 0;
  let ended = 0;
  setInterval(() => {
    for (; told < agent.turns.length; told++) say({ turn: agent.turns[told] });
    for (; ended < agent.ends.length; ended++) say({ end: agent.ends[ended] });
  }, 20);
  say({ url: agent.url });
} else if (kind === 'mcp') {
  if (!values.url) throw new Error('mcp needs --url <seat URL>');
  const run = referenceMcpAgent(values.url, { mode, strategy: values.strategy, delayMs });
  let told = 0;
  const timer = setInterval(() => {
    for (; told < run.submitted.length; told++) say({ turn: run.submitted[told] });
  }, 20);
  say({ connecting: values.url.replace(/\/seat\/[^/]+/, '/seat/<token>') });
  const why = await run.done;
  for (; told < run.submitted.length; told++) say({ turn: run.submitted[told] });
  for (const end of run.ends) say({ end });
  say({ done: why });
  clearInterval(timer);
  process.exit(0);
} else throw new Error('usage: runReferenceAgent.ts a2a|http|mcp [...]');
