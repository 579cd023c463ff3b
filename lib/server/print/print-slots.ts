/**
 * How many printouts the server makes at once (spec §7 livelaps/race/print/{id},
 * livelaps/race/print-team/{id}). Anyone may ask for a PDF, and the biggest one a visitor can
 * ask for (an event's 50 races of 100 riders, `MAX_PRINT_RACES`) costs about 3 s of CPU and
 * 150 MB while it is drawn. At most `PRINT_SLOTS` printouts are made at a time in a process,
 * `PRINT_QUEUE` more wait their turn in order, and beyond that a request is refused at once, so
 * a burst of printouts cannot take the site from its other visitors.
 */
import 'server-only';
import { AppError } from '../../errors';

/** Printouts made at the same time (per process). */
export const PRINT_SLOTS = 2;
/** Printouts waiting for a slot; one more is refused. */
export const PRINT_QUEUE = 8;
/** The `Retry-After` of a refusal, in seconds. */
export const PRINT_RETRY_AFTER_S = 10;

let running = 0;
const waiting: Array<() => void> = [];

/**
 * Runs `make` once a slot is free (at once when one is) and returns its result; the slot is
 * freed when it settles, fulfilled or not.
 * @throws AppError `service_unavailable` (503, `retryAfterS` = `PRINT_RETRY_AFTER_S`: the API's
 * onError sends it as `Retry-After`) when every slot is taken and the queue is full.
 */
export async function withPrintSlot<T>(make: () => Promise<T>): Promise<T> {
  if (running < PRINT_SLOTS) running++;
  else if (waiting.length < PRINT_QUEUE) await new Promise<void>((resolve) => waiting.push(resolve));
  else throw new AppError('service_unavailable', 'Too many printouts are being made right now. Please try again in a moment.', { retryAfterS: PRINT_RETRY_AFTER_S });
  try {
    return await make();
  } finally {
    // The slot goes to the first in the queue, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
