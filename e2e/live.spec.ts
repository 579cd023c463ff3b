/**
 * Live laps as a visitor follows them (issue 10 "Live pages"; spec §1 live laps, §2
 * /liveonlivelaps): while a real capture (Sebring 2009) replays at speed through `npm run
 * replay` and `npm run live` feeds it into a test event of the e2e database, the visitor opens
 * /liveonlivelaps, sees the running session, opens its live page, and sees positions change
 * without a reload (in English and in French), the stream closed while the page is hidden and
 * caught up when it shows again; when the session ends (the live process stops) the page becomes
 * the ordinary results page by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../lib/server/db/embedded';
import { expect, test, type Page } from './test';
import { E2E_DB_DATA_DIR, E2E_DB_PORT, withDb } from './db';
import { freshPage } from './fresh';

const CAPTURE = 'data/real/rmonitor/2009-sebring-alms-session-4.txt';
/** Fast enough that several laps go by within the test, slow enough to watch the board move. */
const SPEED = 20;
const EVENT_NAME = 'Live Laps Browser Test';
const ENV = { ...process.env, DB_PORT: String(E2E_DB_PORT), DB_DATA_DIR: E2E_DB_DATA_DIR };

let replay: ChildProcess | undefined;
let live: ChildProcess | undefined;
let eventId = 0;
const logs: string[] = [];

function run(args: string[]): ChildProcess {
  const child = spawn('npm', ['run', '--silent', ...args], { env: ENV, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const name = args[0];
  child.stdout?.on('data', (d: Buffer) => logs.push(`[${name}] ${d.toString().trim()}`));
  child.stderr?.on('data', (d: Buffer) => logs.push(`[${name}!] ${d.toString().trim()}`));
  return child;
}

/** Stops a child started with `run` (npm and the node process under it) and waits for its exit. */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

/** Each car's position on the live board (race number → position). */
async function positions(page: Page): Promise<Record<string, string>> {
  const rows = await page.getByTestId('live-table').locator('tbody tr').evaluateAll((trs) => trs.map((r) => [r.getAttribute('data-number') ?? '', r.getAttribute('data-position') ?? '']));
  return Object.fromEntries(rows);
}

/**
 * Waits until a car already on the board holds another position than in `before`, the page never
 * reloaded meanwhile (the `__stillHere` mark set on the page survives).
 */
async function expectPositionChange(page: Page, before: Record<string, string>) {
  await expect
    .poll(
      async () => {
        const now = await positions(page);
        return Object.keys(before).some((number) => number in now && now[number] !== before[number]);
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  eventId = await withDb(async (db) => {
    await db.query(`delete from events where name = $1`, [EVENT_NAME]);
    const { rows } = await db.query<{ id: number }>(
      `insert into events (promoter_id, name, start_date, location, city, is_public)
       values ((select id from promoters where user_id = 1), $1, current_date, 'Sebring International Raceway', 'Sebring', true) returning id`,
      [EVENT_NAME],
    );
    return rows[0].id;
  });
  const port = await freePort();
  replay = run(['replay', '--', CAPTURE, '--speed', String(SPEED), '--port', String(port)]);
  live = run(['live', '--', '--event', String(eventId), '--host', '127.0.0.1', '--port', String(port)]);
});

test.afterAll(async () => {
  await stop(live);
  await stop(replay);
  await withDb(async (db) => {
    const { rows } = await db.query<{ id: number }>(`select distinct e.participant_id as id from entries e join races r on r.id = e.race_id where r.event_id = $1`, [eventId]);
    await db.query(`delete from events where id = $1`, [eventId]);
    if (rows.length) await db.query(`delete from participants p where p.id = any($1) and not exists (select 1 from entries e where e.participant_id = p.id)`, [rows.map((r) => r.id)]);
  });
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(logs.slice(-40).join('\n'));
});

test('a visitor follows a live session, in English and French, until it becomes the results', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);

  // /liveonlivelaps lists the running session once its first passing is written.
  const page = await freshPage(browser, baseURL);
  await expect
    .poll(
      async () => {
        await page.goto('/ll/liveonlivelaps');
        return page.getByTestId('live-session').filter({ hasText: EVENT_NAME }).count();
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(1);
  const session = page.getByTestId('live-session').filter({ hasText: EVENT_NAME });
  await expect(session.getByText(/(Green|Yellow|Red|White|Chequered|No) flag|Flag:/)).toBeVisible();
  await expect(session.getByText(/Leader: #/)).toBeVisible();

  // The home page shows the running session as live (issue 25 "Home for race day"), in English
  // and French, at 390 and 1440 px, and its link opens the live race.
  for (const [prefix, width, live] of [['', 390, 'Live now'], ['/fr', 1440, 'En direct']] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/ll${prefix}`);
    const home = page.getByTestId('home-live');
    await expect(home.getByRole('heading', { level: 2 })).toHaveText(live);
    await expect(home.getByTestId('home-live-session').filter({ hasText: EVENT_NAME })).toBeVisible();
    await expect(home.getByTestId('home-live-session').filter({ hasText: EVENT_NAME }).getByRole('link').first()).toHaveAttribute('href', new RegExp(`^/ll${prefix}/races/\\d+$`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/ll/liveonlivelaps');

  // Its live page: the board, the flag and the live indicator, connected.
  await session.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/ll\/races\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Live timing' })).toBeVisible();
  const table = page.getByTestId('live-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'live');
  await expect(page.getByTestId('live-flag')).toContainText(/flag|Flag/);
  await expect(table.getByRole('columnheader', { name: 'Last lap' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __stillHere?: boolean }).__stillHere = true));

  // Positions change without a reload.
  const seq = Number(await table.getAttribute('data-seq'));
  await expect.poll(async () => Number(await table.getAttribute('data-seq')), { timeout: 30_000 }).toBeGreaterThan(seq);
  await expectPositionChange(page, await positions(page));
  // The last lap's position changes are marked, with words for screen readers.
  await expect(table.getByTestId('live-change').first()).toBeVisible({ timeout: 60_000 });
  await expect(table.getByTestId('live-change').first()).toContainText(/(gained|lost) \d+ positions? on the last lap/);

  // A hidden page (a background tab, a phone in a pocket) closes its stream; shown again, it
  // reconnects with the seq it shows and catches up.
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'connecting');
  const hiddenSeq = Number(await table.getAttribute('data-seq'));
  await page.waitForTimeout(2000);
  expect(Number(await table.getAttribute('data-seq'))).toBe(hiddenSeq); // nothing arrives while hidden
  await setVisibility('visible');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'live');
  await expect.poll(async () => Number(await table.getAttribute('data-seq')), { timeout: 30_000 }).toBeGreaterThan(hiddenSeq);

  // The same page in French, on a phone.
  const fr = await freshPage(browser, baseURL);
  await fr.setViewportSize({ width: 390, height: 844 });
  await fr.goto(page.url().replace('/ll/races/', '/ll/fr/races/'));
  await expect(fr.getByRole('heading', { name: 'Chronométrage en direct' })).toBeVisible();
  await expect(fr.getByTestId('live-status')).toHaveAttribute('data-state', 'live');
  await expect(fr.getByTestId('live-status')).toHaveText('En direct');
  const frTable = fr.getByTestId('live-table');
  await expect(frTable.getByRole('columnheader', { name: 'Dernier tour' })).toBeAttached();
  // Position, number and name stay on screen at 390 px; the page never scrolls sideways.
  const firstRow = frTable.locator('tbody tr').first();
  for (const cell of [firstRow.locator('td').nth(0), firstRow.locator('td').nth(1), firstRow.locator('th')]) {
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await fr.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await fr.evaluate(() => ((window as unknown as { __stillHere?: boolean }).__stillHere = true));
  await expectPositionChange(fr, await positions(fr));

  // The session ends: both pages become the ordinary results by themselves.
  await stop(live);
  live = undefined;
  await expect(page.getByTestId('results-table')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('live-table')).toHaveCount(0);
  await expect(fr.getByTestId('results-table')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);

  // And /liveonlivelaps says that nothing runs any more (or at least not this session).
  await page.goto('/ll/liveonlivelaps');
  await expect(page.getByTestId('live-session').filter({ hasText: EVENT_NAME })).toHaveCount(0);
});
