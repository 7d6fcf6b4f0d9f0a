import { afterEach, expect, test } from 'bun:test';
import { dashboardView } from './routes.ts';
import { useActiveHost } from './activeHost.ts';

const noMatches = { listMatches: () => ({ matches: [], total: 0, page: 1, per: 20 }), getMatch: () => null };

afterEach(() => useActiveHost(null));

test('the dashboard names the active host when the House runs under a lease, and says nothing of hosts otherwise', async () => {
  expect((await dashboardView(noMatches)).html).not.toContain('Active host');
  useActiveHost('box-1 pid 4242 (lease epoch 3)');
  expect((await dashboardView(noMatches)).html).toContain('<p class="muted active-host">Active host: box-1 pid 4242 (lease epoch 3)</p>');
  useActiveHost('<b>box</b>');
  expect((await dashboardView(noMatches)).html).toContain('Active host: &lt;b&gt;box&lt;/b&gt;');
});
