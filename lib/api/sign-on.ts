/**
 * Client calls of sign-on (issue 27 "Sign-on (in the desk) … keeps working on a phone with no
 * connection and sends what it recorded when the connection comes back"): the list (GET
 * /ll/api/v1/desk/events/{id}/sign-on) and a batch of recorded actions (POST, same path), plus the
 * device's own copy: the latest list and the actions not yet sent, kept in `localStorage` under
 * `ll-sign-on:{eventId}` so a reload without a connection (the page from the service worker's
 * copy) shows what was recorded. Plain functions, no query cache: the board owns its state.
 */
import type { SignOnAction, SignOnList, SignOnSyncResult } from '@/lib/contracts/sign-on';
import { api, ApiHttpError } from './client';

/** What a device keeps for one event: the newest list it saw and the actions it has not had answered. */
export interface SignOnDeviceCopy {
  list: SignOnList;
  pending: SignOnAction[];
}

/** Why a call failed: no reply (`offline`: keep the actions, try again later), a login that ended, or another refusal. */
export type SignOnCallError = { kind: 'offline' } | { kind: 'refused'; status: number; code: string };

const path = (eventId: number) => `/desk/events/${eventId}/sign-on`;
/** The `localStorage` key of an event's copy (lib/api only: logging out clears every key with this prefix). */
export const SIGN_ON_STORAGE_PREFIX = 'll-sign-on:';
const storageKey = (eventId: number) => `${SIGN_ON_STORAGE_PREFIX}${eventId}`;

function callError(err: unknown): SignOnCallError {
  if (err instanceof ApiHttpError && err.response) {
    const data = err.response.data as { error?: unknown } | null;
    return { kind: 'refused', status: err.response.status, code: typeof data?.error === 'string' ? data.error : 'request_error' };
  }
  return { kind: 'offline' };
}

/** The list as the server has it now. @throws SignOnCallError */
export async function fetchSignOnList(eventId: number): Promise<SignOnList> {
  try {
    return (await api.get<SignOnList>(path(eventId), { timeout: 8000 })).data;
  } catch (err) {
    throw callError(err);
  }
}

/** Sends `actions` (oldest first). @returns each action's outcome and the list as it now is. @throws SignOnCallError */
export async function sendSignOnActions(eventId: number, actions: SignOnAction[]): Promise<SignOnSyncResult> {
  try {
    return (await api.post<SignOnSyncResult>(path(eventId), { actions }, { timeout: 20_000 })).data;
  } catch (err) {
    throw callError(err);
  }
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
