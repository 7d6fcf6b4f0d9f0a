import { expect, test } from 'bun:test';
import { standbySettings } from './standbySettings.ts';

const url = 'postgresql://house@127.0.0.1/house';

test('without HOUSE_STANDBY a host keeps no lease', () => {
  expect(standbySettings({})).toEqual({ on: false });
  expect(standbySettings({ HOUSE_STANDBY: 'false', POSTGRES_URL: url })).toEqual({ on: false });
});

test('HOUSE_STANDBY=true holds an 8 s lease by default, renewed every 2 s, looked at every second', () => {
  expect(standbySettings({ HOUSE_STANDBY: 'true', POSTGRES_URL: url })).toEqual({ on: true, url, leaseMs: 8000, renewMs: 2000, pollMs: 1000 });
  expect(standbySettings({ HOUSE_STANDBY: 'TRUE', POSTGRES_URL: url, HOUSE_LEASE_MS: '3000' })).toEqual({ on: true, url, leaseMs: 3000, renewMs: 750, pollMs: 750 });
});

test('a standby with no PostgreSQL, a lease out of bounds or a word it does not know is one line', () => {
  expect(standbySettings({ HOUSE_STANDBY: 'true' })).toEqual({ error: 'HOUSE_STANDBY=true needs POSTGRES_URL: the hosts share the House through its lease in PostgreSQL' });
  for (const ms of ['999', '600001', '2.5', 'soon', 'Infinity']) {
    expect(standbySettings({ HOUSE_STANDBY: 'true', POSTGRES_URL: url, HOUSE_LEASE_MS: ms })).toEqual({ error: `HOUSE_LEASE_MS is '${ms}': give whole milliseconds from 1000 to 600000` });
  }
  expect(standbySettings({ HOUSE_STANDBY: 'yes please', POSTGRES_URL: url })).toEqual({ error: "HOUSE_STANDBY is 'yes please': use true or false" });
});
