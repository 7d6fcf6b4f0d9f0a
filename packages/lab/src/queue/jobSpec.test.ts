import { describe, expect, test } from 'bun:test';
import { gameById } from '../sweep/playRun.ts';
import { parseSweepArgs, planRuns } from '../sweep/sweepPlan.ts';
import { jobSpec } from './jobSpec.ts';
import { queueOfSpec, runKey } from './runKey.ts';

const specs = planRuns(parseSweepArgs(['trust', '--seeds', '2', '--population', 'copycat:1,grudger:1', '--treatment', 'missChance=0,0.1']).plan, gameById('trust'));

describe('run keys', () => {
  test('are UUIDs that depend on the whole spec and nothing else', () => {
    const keys = specs.map(runKey);
    expect(new Set(keys).size).toBe(specs.length);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(runKey(structuredClone(specs[0]!))).toBe(keys[0]!);
    expect(runKey({ ...specs[0]!, seed: 99 })).not.toBe(keys[0]!);
  });

  test('baseline runs and runs with model seats go to their game queues', () => {
    expect(queueOfSpec(specs[0]!)).toBe('house-lab.trust');
    expect(queueOfSpec({ ...specs[0]!, lineup: ['model:gpt-4o-mini', 'grudger'] })).toBe('house-lab.trust.model');
  });
});

describe('jobSpec', () => {
  const spec = specs[3]!;
  const data = { id: spec.id, spec: JSON.stringify(spec) };

  test("gives back the run as it was enqueued, key order and all (a treatment's order names its label)", () => {
    const checked = jobSpec(runKey(spec), data);
    expect(checked).toEqual({ ok: true, spec });
    if (checked.ok) expect(JSON.stringify(checked.spec)).toBe(JSON.stringify(spec));
  });

  test('refuses data that holds no run, a malformed spec, and a job id that is not the spec key', () => {
    expect(jobSpec(runKey(spec), { id: spec.id })).toMatchObject({ ok: false, error: expect.stringMatching(/^the job holds no run: /) });
    expect(jobSpec(runKey(spec), { id: spec.id, spec: '{"game":' })).toEqual({ ok: false, error: "the job's spec is not JSON" });
    expect(jobSpec(runKey(spec), { id: spec.id, spec: JSON.stringify({ ...spec, lineup: [] }) })).toMatchObject({ ok: false, error: expect.stringMatching(/^the job's spec is malformed: lineup/) });
    expect(jobSpec(runKey(specs[0]!), data)).toEqual({ ok: false, error: "the job's id is not its spec's key" });
  });
});
