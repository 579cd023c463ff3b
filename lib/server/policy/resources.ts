/**
 * What an action is asked about (issue 22): the few fields of a record the policy needs. The
 * map `ResourceOf<Action>` ties each action to its resource, so `can('event.edit', race)` does
 * not compile.
 */
import 'server-only';
import type { Action } from './actions';

/**
 * An event: its promoter (`promoters.id`, when the caller has it) and whether visitors may see
 * it (`isPublic`: the event public AND its promoter public, as `eventShownColumn()` computes).
 */
export interface EventResource {
  promoterId?: number | null;
  isPublic: boolean;
}

/** A race: its own public flag (races.is_public) and its event. */
export interface RaceResource {
  isPublic: boolean;
  event: EventResource;
}

/** A series (championship): `isPublic` is the series public AND its promoter public. */
export interface SeriesResource {
  promoterId?: number | null;
  isPublic: boolean;
}

/** A promoter (`promoters.id`), with its public flag. */
export interface PromoterResource {
  promoterId: number;
  isPublic: boolean;
}

/** Something a promoter owns (an event, its results, its registrations, its gate). */
export interface PromoterOwned {
  promoterId: number;
}

/** An organization's own records (its classes): the promoters that belong to it (`promoters.id`). */
export interface OrganizationOwned {
  promoterIds: readonly number[];
}

/**
 * An order (issue 26; spec §3 Transaction): the promoter of the event it is for (`promoters.id`),
 * or null for an order from an organization (a membership).
 */
export interface OrderResource {
  promoterId: number | null;
}

/** A login's own data (`users.id`). */
export interface AccountResource {
  userId: string;
}

interface ResourceMap {
  'event.view': EventResource;
  'race.view': RaceResource;
  'series.view': SeriesResource;
  'promoter.view': PromoterResource;
  'event.edit': PromoterOwned;
  'results.upload': PromoterOwned;
  'registrations.list': PromoterOwned;
  'tickets.scan': PromoterOwned;
  'promoter.manage': PromoterOwned;
  'series.edit': PromoterOwned;
  'classes.edit': OrganizationOwned;
  'print.sheets': RaceResource;
  'account.view': AccountResource;
  'account.edit': AccountResource;
  'account.pay': AccountResource;
  'registration.create': EventResource;
  'waiver.sign': AccountResource;
  'desk.open': null;
  'orders.mark_paid': OrderResource;
  'orders.refund': OrderResource;
  'memberships.edit': null;
  'members.check': null;
  'licences.confirm': null;
  'users.list': null;
  'users.grant': null;
}

/** The resource `action` is asked about. */
export type ResourceOf<A extends Action> = ResourceMap[A];
