import { describe, expect, test } from 'bun:test';
import { gateLimits } from './gateRegistry.ts';

describe('gateLimits', () => {
  test("HOUSE_PROVIDER_SHARE gives this process its part of a provider's calls in flight and per minute, at least one", () => {
    const env = { HOUSE_MODEL_MAX_IN_FLIGHT: '8', HOUSE_MODEL_PER_MINUTE: '90', HOUSE_PROVIDER_SHARE: '0.5' };
    expect(gateLimits('http://127.0.0.1:1/v1', env)).toMatchObject({ limits: { inFlight: 4, perMinute: 45 }, problems: [] });
    expect(gateLimits('http://127.0.0.1:1/v1', { ...env, HOUSE_PROVIDER_SHARE: '0.01' }).limits).toMatchObject({ inFlight: 1, perMinute: 1 });
  });

  test('a share outside (0, 1] is reported and the whole limits kept', () => {
    for (const share of ['0', '1.5', 'half', '-1']) {
      const { limits, problems } = gateLimits('http://127.0.0.1:1/v1', { HOUSE_MODEL_MAX_IN_FLIGHT: '8', HOUSE_PROVIDER_SHARE: share });
      expect(limits.inFlight).toBe(8);
      expect(problems).toEqual([`HOUSE_PROVIDER_SHARE must be a number above 0 and at most 1, got '${share}'`]);
    }
  });
});
