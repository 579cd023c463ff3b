/** How many printouts are made at once (spec §7 livelaps/race/print/{id}): the slots, the queue, the refusal. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { PRINT_QUEUE, PRINT_SLOTS, withPrintSlot } from './print-slots';

/** A job that runs until `finish()` is called; `started` tells whether it began. */
function job() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const state = { started: false, finish, run: async () => { state.started = true; await done; return 'made'; } };
  return state;
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('withPrintSlot', () => {
  it(`runs ${PRINT_SLOTS} at once, queues ${PRINT_QUEUE} in order, refuses the next with 503 service_unavailable`, async () => {
    const jobs = Array.from({ length: PRINT_SLOTS + PRINT_QUEUE }, job);
    const results = jobs.map((j) => withPrintSlot(j.run));
    await settle();
    expect(jobs.map((j) => j.started)).toEqual(jobs.map((_, i) => i < PRINT_SLOTS));

    const refused = await withPrintSlot(async () => 'never').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'service_unavailable', status: 503 });

    // One ends: the first in the queue takes its slot, no other.
    jobs[0].finish();
    await results[0];
    await settle();
    expect(jobs.map((j) => j.started)).toEqual(jobs.map((_, i) => i <= PRINT_SLOTS));
    for (const j of jobs) j.finish();
    expect(await Promise.all(results)).toEqual(jobs.map(() => 'made'));
    // All slots free again: the next one runs at once.
    expect(await withPrintSlot(async () => 'again')).toBe('again');
  });

  it('frees the slot when the printout fails', async () => {
    for (let i = 0; i < PRINT_SLOTS + PRINT_QUEUE + 1; i++) await expect(withPrintSlot(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await withPrintSlot(async () => 'ok')).toBe('ok');
  });
});
