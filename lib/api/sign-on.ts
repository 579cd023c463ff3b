/**
 * Client calls of sign-on (issue 27 "Sign-on (in the desk) … keeps working on a phone with no
 * connection and sends what it recorded when the connection comes back"): the list (GET
 * /ll/api/v1/desk/events/{id}/sign-on) and a batch of recorded actions (POST, same path), plus the
 * device's own copy: the latest list and the actions not yet sent, kept in `localStorage` under
 * `ll-sign-on:{eventId}` so a reload without a connection (the page from the service worker's
 * copy) shows what was recorded. Plain functions, no query cache: the board owns its state.
 * The browser's `fetch` itself rather than ./client.ts: the board comes with its page's first load
 * (it must work from the worker's copy), and the page sits at its JavaScript budget.
 */
import type { SignOnAction } from '@/lib/contracts/sign-on';
import type { SignOnList, SignOnSyncResult } from '@/lib/contracts/sign-on-list';
import { BASE_PATH } from '@/lib/config';

/** What a device keeps for one event: the newest list it saw and the actions it has not had answered. */
export interface SignOnDeviceCopy {
  list: SignOnList;
  pending: SignOnAction[];
}

/** Why a call failed: no reply (`offline`: keep the actions, try again later), a login that ended, or another refusal. */
export type SignOnCallError = { kind: 'offline' } | { kind: 'refused'; status: number; code: string };

const path = (eventId: number) => `${BASE_PATH}/api/v1/desk/events/${eventId}/sign-on`;
/** The `localStorage` key of an event's copy (lib/api only: logging out clears every key with this prefix). */
export const SIGN_ON_STORAGE_PREFIX = 'll-sign-on:';
const storageKey = (eventId: number) => `${SIGN_ON_STORAGE_PREFIX}${eventId}`;

/** `init` sent to the event's sign-on address within `timeoutMs`: the JSON reply, else a `SignOnCallError`. */
async function call<T>(eventId: number, init: RequestInit, timeoutMs: number): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path(eventId), { ...init, credentials: 'same-origin', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) } });
  } catch {
    throw { kind: 'offline' } satisfies SignOnCallError;
  }
  const data = (await res.json().catch(() => null)) as (T & { error?: unknown }) | null;
  // A reply the service worker or a proxy made up while the site is away counts as no reply.
  if (res.status === 502 || res.status === 503 || res.status === 504) throw { kind: 'offline' } satisfies SignOnCallError;
  if (!res.ok || data === null) throw { kind: 'refused', status: res.status, code: typeof data?.error === 'string' ? data.error : 'request_error' } satisfies SignOnCallError;
  return data;
}

/** The list as the server has it now. @throws SignOnCallError */
export function fetchSignOnList(eventId: number): Promise<SignOnList> {
  return call<SignOnList>(eventId, { method: 'GET' }, 8000);
}

/** Sends `actions` (oldest first). @returns each action's outcome and the list as it now is. @throws SignOnCallError */
export function sendSignOnActions(eventId: number, actions: SignOnAction[]): Promise<SignOnSyncResult> {
  return call<SignOnSyncResult>(eventId, { method: 'POST', body: JSON.stringify({ actions }) }, 20_000);
}

/** The device's copy for `eventId`, or null (none, unreadable, or storage unavailable). */
export function readDeviceCopy(eventId: number): SignOnDeviceCopy | null {
  try {
    const raw = window.localStorage.getItem(storageKey(eventId));
    if (!raw) return null;
    const copy = JSON.parse(raw) as SignOnDeviceCopy;
    return copy && Array.isArray(copy.pending) && copy.list && Array.isArray(copy.list.rows) ? copy : null;
  } catch {
    return null;
  }
}

/** Keeps `copy` on the device (a full storage is ignored: the page still holds it). */
export function writeDeviceCopy(eventId: number, copy: SignOnDeviceCopy): void {
  try {
    window.localStorage.setItem(storageKey(eventId), JSON.stringify(copy));
  } catch {
    // Storage full or refused (private mode): the board keeps working from memory.
  }
}

/** Forgets every event's copy on this device (at logout: the list holds riders' names). */
export function clearDeviceCopies(): void {
  try {
    for (const key of Object.keys(window.localStorage)) if (key.startsWith(SIGN_ON_STORAGE_PREFIX)) window.localStorage.removeItem(key);
  } catch {
    // Nothing kept, or storage unavailable.
  }
}
