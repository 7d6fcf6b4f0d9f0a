import { describe, expect, test } from 'bun:test';
import { renderSweeps } from './renderSweeps.ts';

describe('renderSweeps', () => {
  test('one row per sweep: done of all, failed, running, waiting and a bar; names escaped', () => {
    const html = renderSweeps({
      ok: true,
      sweeps: [{ name: 'sweep-goldmine-1a2b', kind: 'sweep', game: 'goldmine', runs: 200, done: 150, failed: 2, running: 4, createdAt: '2026-11-23T10:00:00.000Z' }, { name: '<b>x</b>', kind: 'tournament', game: 'trust', runs: 10, done: 10, failed: 0, running: 0, createdAt: '2026-11-23T09:00:00.000Z' }],
    });
    expect(html).toContain('<tr data-sweep="sweep-goldmine-1a2b"><td><code>sweep-goldmine-1a2b</code></td><td>goldmine sweep</td><td class="num">150/200</td><td class="num">2</td><td class="num">4</td><td class="num">44</td><td><progress max="200" value="152"></progress></td></tr>');
    expect(html).toContain('<code>&lt;b&gt;x&lt;/b&gt;</code>');
    expect(html).not.toContain('<b>x</b>');
  });

  test('no sweeps says how to start one; a failed reading says why', () => {
    expect(renderSweeps({ ok: true, sweeps: [] })).toContain('bun run house sweep &lt;game&gt; ... --queue');
    expect(renderSweeps({ ok: false, error: 'connection refused <x>' })).toContain('The queue could not be read: connection refused &lt;x&gt;');
  });
});
