/**
 * Issue 27 "Sign-on": the live feed shows registered riders' names for their transponders. A
 * real live ingest (RMonitor lines pushed by hand) writes a race whose timing software knows some
 * cars only by transponder or number; the event's registrations (rows written directly) name
 * them on the live board (the API reply, which the SSE hub and the race page read the same way),
 * and the leader in the sessions list. A name from the feed wins; a cancelled registration, or a
 * registration of another event with the same transponder, names nobody. The board read names
 * `event:{id}`, so a registration (which revalidates it) refreshes a cached live page.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveBoard } from '../../lib/contracts/live';
import { recordTags } from '../../lib/server/cache/tags';
import { getDb, type Db } from '../../lib/server/db';
import { classes, events, participants, promoters, registrations } from '../../lib/server/db/schema';
import { getLiveBoard, listLiveSessions } from '../../lib/server/live';
import { createLiveIngest, type LiveIngest } from '../../lib/server/timing/live/ingest';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase;
let db: Db;
let ingest: LiveIngest;
let eventId: number;
let otherEventId: number;
let classId: number;
let raceId: number;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

const t = (ms: number) => {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)}.${p(ms % 1000, 3)}`;
};
const J = (reg: string, lap: number, total: number) => `$J,"${reg}","${t(lap)}","${t(total)}"`;
const G = (pos: number, reg: string, laps: number, total: number) => `$G,${pos},"${reg}",${laps},"${t(total)}"`;

/**
 * Five cars of class Pro: #11 known only by transponder 1001; #22 named by the feed; #33 only by
 * transponder 1003 (a cancelled registration's); #44 with its number as name and transponder
 * 1004 (registered at another event only); #55 by number only (a rental not handed out yet).
 */
const LINES = [
  '$I,"10:00:00","23 Nov 26"',
  '$C,1,"Pro"',
  '$A,"1","11",1001,"","","",1',
  '$A,"2","22",1002,"Ann","Feed","",1',
  '$A,"3","33",1003,"","","",1',
  '$A,"4","44",1004,"","44","",1',
  '$COMP,"5","55",1,"","","",""',
  '$B,1,"Pro Moto 1"',
  '$F,9999,"00:10:00","10:00:00","00:01:00","Green "',
  ...['1', '2', '3', '4', '5'].flatMap((reg, i) => [J(reg, 0, 1000 + i * 100), G(i + 1, reg, 0, 1000 + i * 100)]),
  ...['1', '2', '3', '4', '5'].flatMap((reg, i) => [J(reg, 60_000, 61_000 + i * 100), G(i + 1, reg, 1, 61_000 + i * 100)]),
];

async function rider(first: string, last: string): Promise<number> {
  const [row] = await db.insert(participants).values({ firstName: first, lastName: last }).returning({ id: participants.id });
  return row.id;
}

async function register(event: number, first: string, last: string, values: { transponder?: string | null; raceNumber?: string | null; state?: 'registered' | 'waiting' | 'cancelled' }) {
  const participantId = await rider(first, last);
  const [row] = await db
    .insert(registrations)
    .values({ eventId: event, participantId, classId, state: values.state ?? 'registered', transponder: values.transponder ?? null, raceNumber: values.raceNumber ?? null, cancelledAt: values.state === 'cancelled' ? new Date() : null })
    .returning({ id: registrations.id });
  return row.id;
}

async function board(): Promise<LiveBoard> {
  const res = await api.request(`/api/v1/livelaps/live/race/${raceId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as LiveBoard;
}

const nameOf = (b: LiveBoard, number: string) => b.rows.find((r) => r.number === number)?.name;

beforeAll(async () => {
  database = await useTestDatabase('empty');
  db = getDb();
  const [{ id: promoterId }] = await db.select({ id: promoters.id }).from(promoters).where(eq(promoters.userId, 1));
  [{ id: eventId }] = await db.insert(events).values({ promoterId, name: 'Club race', startDate: '2026-11-23' }).returning({ id: events.id });
  [{ id: otherEventId }] = await db.insert(events).values({ promoterId, name: 'Other race', startDate: '2026-11-24' }).returning({ id: events.id });
  [{ id: classId }] = await db.insert(classes).values({ name: 'Pro' }).returning({ id: classes.id });

  await register(eventId, 'Rita', 'Transponder', { transponder: '1001', raceNumber: '11' });
  await register(eventId, 'Not', 'Shown', { transponder: '1002', raceNumber: '22' });
  await register(eventId, 'Cancelled', 'Rider', { transponder: '1003', raceNumber: '33', state: 'cancelled' });
  await register(otherEventId, 'Elsewhere', 'Rider', { transponder: '1004', raceNumber: '44' });
  await register(eventId, 'Nora', 'Number', { transponder: null, raceNumber: '55' });

  ingest = createLiveIngest({ db, eventId, log: () => {} });
  for (const line of LINES) ingest.push(line);
  await ingest.idle();
  [{ raceId }] = ingest.races();

  const { createApiApp } = await import('../../lib/server/api/app');
  api = createApiApp();
});
afterAll(async () => {
  await ingest?.close();
  await database?.drop();
});

describe('live board names from registrations (issue 27)', () => {
  it('shows the registered rider of a car the feed knows only by its transponder, and by its number failing that', async () => {
    const b = await board();
    expect(b.state).toBe('live');
    expect(nameOf(b, '11')).toBe('Rita Transponder');
    expect(nameOf(b, '55')).toBe('Nora Number');
  });

  it('keeps a name the timing software sent', async () => {
    expect(nameOf(await board(), '22')).toBe('Ann Feed');
  });

  it('does not use a cancelled registration, nor one of another event with the same transponder', async () => {
    const b = await board();
    expect(nameOf(b, '33')).toBe('');
    expect(nameOf(b, '44')).toBe('44');
  });

  it('names the leader of the sessions list the same way', async () => {
    const sessions = await listLiveSessions();
    expect(sessions.find((s) => s.raceId === raceId)?.leader).toEqual({ number: '11', name: 'Rita Transponder' });
  });

  it('names the event tag, and a transponder given at sign-on shows on the next read', async () => {
    const { recorder, result } = recordTags(() => getLiveBoard(raceId));
    await result;
    expect([...recorder.tags]).toEqual(expect.arrayContaining([`race:${raceId}`, `event:${eventId}`]));
    // The rental for #44 handed out at sign-on, at this event: the rider's name replaces the placeholder.
    await register(eventId, 'Sam', 'Signon', { transponder: '1004', raceNumber: null });
    expect(nameOf(await board(), '44')).toBe('Sam Signon');
  });
});
