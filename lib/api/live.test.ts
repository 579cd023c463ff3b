/** The browser's reading of the live stream's events (lib/api/live.ts): boards and clocks pass, anything else is null. */
import { describe, expect, it } from 'vitest';
import { liveStreamUrl, parseClock, parseStandings } from './live';

const board = { raceId: 2, eventId: 1, raceName: 'Moto 1', eventName: 'Pine Hill', state: 'running', seq: 7, clock: null, rows: [], updatedAt: '2026-11-28T10:00:00Z' };

describe('live stream events', () => {
  it('reads a board and a clock as the server writes them', () => {
    expect(parseStandings(JSON.stringify(board))).toEqual(board);
    expect(parseClock(JSON.stringify({ raceId: 2, seq: 8, clock: { flag: 'green' } }))).toEqual({ raceId: 2, seq: 8, clock: { flag: 'green' } });
  });

  it('answers null for what is not one: broken JSON, another event, missing fields', () => {
    expect(parseStandings('{"raceId":2,')).toBeNull();
    expect(parseStandings(JSON.stringify({ raceId: 2 }))).toBeNull();
    expect(parseStandings(JSON.stringify({ ...board, rows: 'none' }))).toBeNull();
    expect(parseStandings('null')).toBeNull();
    expect(parseClock(JSON.stringify({ raceId: 2, seq: 8 }))).toBeNull();
    expect(parseClock(JSON.stringify({ raceId: '2', seq: 8, clock: null }))).toBeNull();
  });

  it('builds the stream URL with the seq already shown', () => {
    expect(liveStreamUrl(2)).toMatch(/\/api\/v1\/livelaps\/live\/race\/2\/stream$/);
    expect(liveStreamUrl(2, 7)).toMatch(/\/stream\?lastEventId=7$/);
  });
});
