/**
 * The gate scanner's queue and device copy (issue 28 "keeps scanning without a connection and
 * reconciles when it returns (a ticket scanned twice offline is reported, not hidden)"): a scan
 * joins the queue and the log, the server's answers take scans off the queue and onto their log
 * lines, an offline scan found wrong is listed until dismissed, the camera still seeing the same
 * ticket is not a new scan, and the copy and the gate name survive a reload (a stubbed
 * `localStorage`, the same API as the browser's).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketScanReply } from '@/lib/contracts/ticket-scans';
import {
  applyReplies,
  dismissEntry,
  enqueueScan,
  GATE_LOG_MAX,
  gateNameOf,
  isRepeat,
  newScan,
  offlineProblems,
  readGateCopy,
  readGateName,
  REPEAT_WINDOW_MS,
  scanCodeOf,
  writeGateCopy,
  writeGateName,
  type GateDeviceCopy,
} from './gate';
import { clearDeviceCopies } from './sign-on';

const EMPTY: GateDeviceCopy = { pending: [], log: [] };
const at = new Date('2027-07-10T14:05:00Z');
const reply = (id: string, result: TicketScanReply['result'], extra: Partial<TicketScanReply> = {}): TicketScanReply => ({ id, result, duplicate: false, ticketId: 't1', spectatorId: 's1', name: 'Ana Roy', day: '2027-07-10', gate: 'North', scannedAt: at.toISOString(), ...extra });

describe('a scan at the gate', () => {
  it('carries its id, code, gate, time and whether the device was offline', () => {
    expect(newScan('CODE', 'North', at, true, 'a')).toEqual({ id: 'a', code: 'CODE', gate: 'North', at: '2027-07-10T14:05:00.000Z', offline: false });
    expect(newScan('CODE', 'North', at, false, 'b').offline).toBe(true);
    expect(newScan('CODE', 'North', at, true).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes a typed or pasted code trimmed, and a gate name of 1 to 40 characters', () => {
    expect(scanCodeOf('  abc.def \n')).toBe('abc.def');
    expect(scanCodeOf('   ')).toBeNull();
    expect(scanCodeOf('x'.repeat(1025))).toBeNull();
    expect(gateNameOf('  North   gate ')).toBe('North gate');
    expect(gateNameOf('')).toBeNull();
    expect(gateNameOf('x'.repeat(41))).toBeNull();
  });

  it('is not scanned again while the camera still sees the same ticket', () => {
    expect(isRepeat(null, 'A', 1000)).toBe(false);
    expect(isRepeat({ code: 'A', atMs: 1000 }, 'A', 1000 + REPEAT_WINDOW_MS - 1)).toBe(true);
    expect(isRepeat({ code: 'A', atMs: 1000 }, 'A', 1000 + REPEAT_WINDOW_MS)).toBe(false);
    expect(isRepeat({ code: 'A', atMs: 1000 }, 'B', 1001)).toBe(false);
  });
});

describe('the queue', () => {
  it('keeps scans in order until answered, and puts each answer on its own line', () => {
    const one = newScan('A', 'North', at, true, '1');
    const two = newScan('B', 'North', at, false, '2');
    let copy = enqueueScan(enqueueScan(EMPTY, one), two);
    expect(copy.pending.map((s) => s.id)).toEqual(['1', '2']);
    expect(copy.log.map((l) => [l.scan.id, l.reply])).toEqual([
      ['2', null],
      ['1', null],
    ]);
    copy = applyReplies(copy, [reply('1', 'admitted')]);
    expect(copy.pending.map((s) => s.id)).toEqual(['2']);
    expect(copy.log.find((l) => l.scan.id === '1')!.reply!.result).toBe('admitted');
    expect(copy.log.find((l) => l.scan.id === '2')!.reply).toBeNull();
    // An answer sent again (a lost reply) changes nothing more.
    expect(applyReplies(copy, [reply('1', 'admitted', { duplicate: true })]).pending).toEqual(copy.pending);
  });

  it('keeps the newest log lines only', () => {
    let copy = EMPTY;
    for (let i = 0; i < GATE_LOG_MAX + 5; i++) copy = enqueueScan(copy, newScan(`C${i}`, 'North', at, true, String(i)));
    expect(copy.log).toHaveLength(GATE_LOG_MAX);
    expect(copy.log[0]!.scan.id).toBe(String(GATE_LOG_MAX + 4));
    // Every scan still waits to be sent, whatever the log keeps.
    expect(copy.pending).toHaveLength(GATE_LOG_MAX + 5);
  });

  it('lists an offline scan found wrong once checked, such as a ticket admitted elsewhere, until dismissed', () => {
    let copy = EMPTY;
    copy = enqueueScan(copy, newScan('A', 'North', at, false, 'off-ok'));
    copy = enqueueScan(copy, newScan('B', 'North', at, false, 'off-twice'));
    copy = enqueueScan(copy, newScan('C', 'North', at, true, 'on-used'));
    expect(offlineProblems(copy)).toEqual([]);
    copy = applyReplies(copy, [reply('off-ok', 'admitted'), reply('off-twice', 'already_used', { conflict: true, usedAt: '2027-07-10T13:00:00Z', usedGate: 'South' }), reply('on-used', 'already_used')]);
    const problems = offlineProblems(copy);
    expect(problems.map((p) => [p.scan.id, p.reply!.result, p.reply!.conflict, p.reply!.usedGate])).toEqual([['off-twice', 'already_used', true, 'South']]);
    expect(offlineProblems(dismissEntry(copy, 'off-twice'))).toEqual([]);
  });
});

/** A `localStorage` in memory: stored keys are its own enumerable properties, as in a browser (`Object.keys(localStorage)`). */
function memoryStorage(): Record<string, string> {
  const items: Record<string, string> = {};
  Object.defineProperties(items, {
    getItem: { value: (k: string) => (Object.hasOwn(items, k) ? items[k] : null) },
    setItem: { value: (k: string, v: string) => void (items[k] = String(v)) },
    removeItem: { value: (k: string) => void delete items[k] },
  });
  return items;
}

describe('the device’s copy', () => {
  let store: Record<string, string>;
  beforeEach(() => {
    store = memoryStorage();
    vi.stubGlobal('window', { localStorage: store });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('survives a reload per event, and starts empty when there is none or it is unreadable', () => {
    const copy = enqueueScan(EMPTY, newScan('A', 'North', at, false, '1'));
    writeGateCopy(26, copy);
    expect(readGateCopy(26)).toEqual(copy);
    expect(readGateCopy(27)).toEqual(EMPTY);
    store['ll-sign-on:gate:28'] = '{not json';
    expect(readGateCopy(28)).toEqual(EMPTY);
  });

  it('keeps the gate’s name for the device', () => {
    expect(readGateName()).toBeNull();
    writeGateName('North gate');
    expect(readGateName()).toBe('North gate');
  });

  it('is cleared at logout with the sign-on copies, the gate name kept', () => {
    writeGateCopy(26, enqueueScan(EMPTY, newScan('A', 'North', at, false, '1')));
    writeGateName('North gate');
    clearDeviceCopies();
    expect(Object.keys(store)).toEqual(['ll-gate-name']);
    expect(readGateName()).toBe('North gate');
  });
});
