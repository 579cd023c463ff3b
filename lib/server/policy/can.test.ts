/**
 * The policy's rules (issue 22): what a stranger, a participant, a spectator, promoter staff,
 * an official and a federation admin may do, and what an unverified account may not.
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS } from './actions';
import { can, decide } from './can';
import type { Principal } from './roles';

const who = (over: Partial<Principal> = {}): Principal => ({ userId: 'u1', role: 'participant', emailVerified: true, promoterIds: [], ...over });
const stranger = null;
const participant = who();
const unverified = who({ emailVerified: false });
const staff = who({ userId: 'staff', role: 'promoter', promoterIds: [7] });
const otherStaff = who({ userId: 'other', role: 'promoter', promoterIds: [8] });
const linkedButDemoted = who({ userId: 'old', role: 'participant', promoterIds: [7] });
const official = who({ userId: 'off', role: 'official' });
const admin = who({ userId: 'adm', role: 'admin' });

const publicEvent = { promoterId: 7, isPublic: true };
const hiddenEvent = { promoterId: 7, isPublic: false };

describe('seeing events, races, series and promoters', () => {
  it('shows public records to everyone, hidden ones only to their promoter’s staff and admins', () => {
    for (const v of [stranger, participant, staff, otherStaff, official, admin]) expect(can(v, 'event.view', publicEvent)).toBe(true);
    expect(can(stranger, 'event.view', hiddenEvent)).toBe(false);
    expect(can(participant, 'event.view', hiddenEvent)).toBe(false);
    expect(can(otherStaff, 'event.view', hiddenEvent)).toBe(false);
    expect(can(linkedButDemoted, 'event.view', hiddenEvent)).toBe(false);
    expect(can(staff, 'event.view', hiddenEvent)).toBe(true);
    expect(can(admin, 'event.view', hiddenEvent)).toBe(true);
    expect(can(stranger, 'series.view', { promoterId: 7, isPublic: false })).toBe(false);
    expect(can(staff, 'series.view', { promoterId: 7, isPublic: false })).toBe(true);
    expect(can(stranger, 'promoter.view', { promoterId: 7, isPublic: false })).toBe(false);
    expect(can(staff, 'promoter.view', { promoterId: 7, isPublic: false })).toBe(true);
  });

  it('keeps a hidden race’s page (it says it is not public) but not a hidden event’s race', () => {
    expect(can(stranger, 'race.view', { isPublic: false, event: publicEvent })).toBe(true);
    expect(can(stranger, 'race.view', { isPublic: true, event: hiddenEvent })).toBe(false);
    expect(can(staff, 'race.view', { isPublic: true, event: hiddenEvent })).toBe(true);
    expect(can(stranger, 'print.sheets', { isPublic: true, event: publicEvent })).toBe(true);
  });

  it('answers "denied", not "login", to a stranger asking for a hidden record', () => {
    expect(decide(stranger, 'event.view', hiddenEvent)).toBe('denied');
  });
});

describe('a promoter’s work', () => {
  const own = { promoterId: 7 };
  it('is for that promoter’s staff and federation admins only', () => {
    for (const action of ['event.edit', 'results.upload', 'registrations.list', 'promoter.manage', 'tickets.scan'] as const) {
      expect(decide(stranger, action, own), action).toBe('login');
      expect(can(participant, action, own), action).toBe(false);
      expect(can(otherStaff, action, own), action).toBe(false);
      expect(can(linkedButDemoted, action, own), action).toBe(false);
      expect(can(staff, action, own), action).toBe(true);
      expect(can(admin, action, own), action).toBe(true);
    }
  });
  it('lets officials scan tickets but not edit events', () => {
    expect(can(official, 'tickets.scan', own)).toBe(true);
    expect(can(official, 'event.edit', own)).toBe(false);
  });
  it('gives staff of several promoters each of them', () => {
    const both = who({ role: 'promoter', promoterIds: [7, 8] });
    expect(can(both, 'event.edit', { promoterId: 8 })).toBe(true);
    expect(can(both, 'event.edit', { promoterId: 9 })).toBe(false);
  });
});

describe('the holder’s own account', () => {
  it('is the holder’s alone (an admin may look, not act)', () => {
    expect(decide(stranger, 'account.edit', { userId: 'u1' })).toBe('login');
    expect(can(participant, 'account.edit', { userId: 'u1' })).toBe(true);
    expect(can(participant, 'account.edit', { userId: 'u2' })).toBe(false);
    expect(can(staff, 'account.edit', { userId: 'u1' })).toBe(false);
    expect(can(admin, 'account.view', { userId: 'u1' })).toBe(true);
    expect(can(admin, 'account.pay', { userId: 'u1' })).toBe(false);
  });

  it('lets an unverified account log in and browse, but not pay, register or sign', () => {
    expect(can(unverified, 'event.view', publicEvent)).toBe(true);
    expect(can(unverified, 'account.view', { userId: 'u1' })).toBe(true);
    expect(can(unverified, 'account.edit', { userId: 'u1' })).toBe(true);
    expect(decide(unverified, 'account.pay', { userId: 'u1' })).toBe('unverified');
    expect(decide(unverified, 'waiver.sign', { userId: 'u1' })).toBe('unverified');
    expect(decide(unverified, 'registration.create', publicEvent)).toBe('unverified');
    expect(can(participant, 'account.pay', { userId: 'u1' })).toBe(true);
    expect(can(participant, 'registration.create', publicEvent)).toBe(true);
    expect(decide(stranger, 'registration.create', publicEvent)).toBe('login');
  });

  it('refuses registering for a hidden event before asking for verification', () => {
    expect(decide(unverified, 'registration.create', hiddenEvent)).toBe('denied');
    expect(can(participant, 'registration.create', hiddenEvent)).toBe(false);
  });
});

describe('the federation’s administration', () => {
  it('is for federation admins', () => {
    expect(decide(stranger, 'users.list', null)).toBe('login');
    for (const v of [participant, staff, official]) expect(can(v, 'users.list', null)).toBe(false);
    expect(can(admin, 'users.list', null)).toBe(true);
    expect(can(admin, 'users.grant', null)).toBe(true);
  });
});

describe('the promoter’s desk', () => {
  it('opens for staff of a promoter and for admins, not for a promoter login without a promoter, a participant or an official', () => {
    expect(decide(stranger, 'desk.open', null)).toBe('login');
    expect(can(staff, 'desk.open', null)).toBe(true);
    expect(can(admin, 'desk.open', null)).toBe(true);
    for (const v of [participant, official, who({ role: 'promoter', promoterIds: [] })]) expect(can(v, 'desk.open', null)).toBe(false);
  });

  it('lets staff edit their own series and the classes of the organization their promoter belongs to', () => {
    expect(can(staff, 'series.edit', { promoterId: 7 })).toBe(true);
    expect(can(staff, 'series.edit', { promoterId: 8 })).toBe(false);
    expect(can(staff, 'classes.edit', { promoterIds: [3, 7] })).toBe(true);
    expect(can(staff, 'classes.edit', { promoterIds: [8] })).toBe(false);
    expect(can(admin, 'classes.edit', { promoterIds: [] })).toBe(true);
    expect(can(participant, 'classes.edit', { promoterIds: [7] })).toBe(false);
  });
});

describe('an order’s money (issue 26)', () => {
  it('lets admins mark any order paid and the event’s promoter staff mark its orders paid at the gate; refunds are for admins', () => {
    expect(decide(stranger, 'orders.mark_paid', { promoterId: 7 })).toBe('login');
    expect(can(admin, 'orders.mark_paid', { promoterId: null })).toBe(true);
    expect(can(admin, 'orders.mark_paid', { promoterId: 8 })).toBe(true);
    expect(can(staff, 'orders.mark_paid', { promoterId: 7 })).toBe(true);
    expect(can(staff, 'orders.mark_paid', { promoterId: 8 })).toBe(false);
    // A membership (an organization's order) is the federation office's.
    expect(can(staff, 'orders.mark_paid', { promoterId: null })).toBe(false);
    for (const v of [participant, official]) expect(can(v, 'orders.mark_paid', { promoterId: 7 })).toBe(false);
    expect(can(admin, 'orders.refund', { promoterId: 7 })).toBe(true);
    for (const v of [participant, official, staff]) expect(can(v, 'orders.refund', { promoterId: 7 })).toBe(false);
  });

  it('lets only admins edit what memberships sell, and officials, promoter staff and admins check a card', () => {
    expect(can(admin, 'memberships.edit', null)).toBe(true);
    for (const v of [participant, official, staff]) expect(can(v, 'memberships.edit', null)).toBe(false);
    for (const v of [admin, official, staff]) expect(can(v, 'members.check', null)).toBe(true);
    expect(can(participant, 'members.check', null)).toBe(false);
    expect(decide(stranger, 'members.check', null)).toBe('login');
    // Issue 29: a typed licence is confirmed by an official or the federation, never by a club's staff.
    for (const v of [admin, official]) expect(can(v, 'licences.confirm', null)).toBe(true);
    for (const v of [staff, participant]) expect(can(v, 'licences.confirm', null)).toBe(false);
  });
});

describe('every action', () => {
  it('refuses a participant with no link to the resource, except public reading and their own data', () => {
    const stranger2 = who({ userId: 'zz' });
    const sample: Record<(typeof ACTIONS)[number], unknown> = {
      'event.view': hiddenEvent,
      'race.view': { isPublic: true, event: hiddenEvent },
      'series.view': { promoterId: 7, isPublic: false },
      'promoter.view': { promoterId: 7, isPublic: false },
      'event.edit': { promoterId: 7 },
      'results.upload': { promoterId: 7 },
      'registrations.list': { promoterId: 7 },
      'tickets.scan': { promoterId: 7 },
      'promoter.manage': { promoterId: 7 },
      'series.edit': { promoterId: 7 },
      'classes.edit': { promoterIds: [7] },
      'desk.open': null,
      'print.sheets': { isPublic: true, event: hiddenEvent },
      'account.view': { userId: 'u1' },
      'account.edit': { userId: 'u1' },
      'account.pay': { userId: 'u1' },
      'registration.create': hiddenEvent,
      'waiver.sign': { userId: 'u1' },
      'orders.mark_paid': { promoterId: 7 },
      'orders.refund': { promoterId: 7 },
      'memberships.edit': null,
      'members.check': null,
      'licences.confirm': null,
      'users.list': null,
      'users.grant': null,
    };
    for (const action of ACTIONS) expect(can(stranger2, action, sample[action] as never), action).toBe(false);
  });
});
