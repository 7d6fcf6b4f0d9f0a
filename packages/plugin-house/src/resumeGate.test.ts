import { expect, test } from 'bun:test';
import { HouseService } from './houseService.ts';
import { holdResumes } from './resumeGate.ts';
import { fakeRuntime } from './testing/fakeRuntime.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

test("the House resumes its open matches once its host's agents are all up, and at once under a host that holds nothing", async () => {
  let agentsUp!: () => void;
  holdResumes(new Promise<void>((resolve) => (agentsUp = resolve)));
  try {
    const held = await HouseService.start(fakeRuntime('The House'));
    const resumed: string[] = [];
    held.resumeAll = async () => void resumed.push('held');
    await settle();
    expect(resumed).toEqual([]);
    agentsUp();
    await settle();
    expect(resumed).toEqual(['held']);
    await held.stop();

    holdResumes(null);
    const alone = await HouseService.start(fakeRuntime('The House'));
    alone.resumeAll = async () => void resumed.push('alone');
    await settle();
    expect(resumed).toEqual(['held', 'alone']);
    await alone.stop();
  } finally {
    holdResumes(null);
  }
});
