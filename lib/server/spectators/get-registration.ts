/**
 * A spectator registration as its buyer sees it through the four steps (issue 28 "The four
 * steps"; spec §3 Spectator: name, gender, date of birth, email, price, waiver status and
 * signatory; §4 Spectator registration): the event and day, the state, the order once confirmed,
 * what the event asks (selfie, gate payment), and each live spectator with their age on the day,
 * their ticket's price (`ticketPriceCents`: free below the event's age, else its age band), their
 * waiver's state and signatory (./spectator-waivers.ts), and who signs it (the buyer for themself
 * or, as parent or guardian, for a minor; any other adult themself).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { ticketPriceCents } from '../../contracts/spectator-settings';
import type { SpectatorRegistrationView } from '../../contracts/spectators';
import { orderSummary } from '../checkout/order-state';
import { factsOf, orderRecords } from '../checkout/order-record';
import { getDb, type Db, type Tx } from '../db';
import { orders } from '../db/schema';
import type { Viewer } from '../policy';
import { liveSpectators, loadTicketEvent, ownRegistration, type SpectatorRegistrationRow } from './spectator-context';
import { spectatorWaivers } from './spectator-waivers';
import { isAdultOn, spectatorAge } from './rules';

/** The view of `registration` read in `db` at `now` (see the module's docstring). */
export async function registrationView(db: Db | Tx, registration: SpectatorRegistrationRow, now: Date = new Date()): Promise<SpectatorRegistrationView> {
  const event = (await loadTicketEvent(registration.eventId, db))!;
  const people = await liveSpectators(db, registration.id);
  const waivers = await spectatorWaivers(db, people.map((p) => p.id));
  let order: SpectatorRegistrationView['order'] = null;
  if (registration.orderId !== null) {
    const [row] = await db.select().from(orders).where(eq(orders.id, registration.orderId));
    if (row) {
      const summary = orderSummary(factsOf(row, await orderRecords(db as Tx, row.id)), now);
      order = { publicId: row.publicId, state: summary.state, totalCents: row.totalCents, provider: row.provider };
    }
  }
  const spectators = people.map((p) => {
    const age = spectatorAge(p.birthday, registration.day);
    const minor = !isAdultOn(p.birthday, registration.day);
    return {
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      gender: p.gender,
      birthday: p.birthday,
      email: p.email,
      isBuyer: p.isBuyer,
      age,
      minor,
      priceCents: ticketPriceCents(event.settings, age),
      waiver: waivers.get(p.id)!,
      signedBy: p.isBuyer ? ('self' as const) : minor ? ('guardian' as const) : ('adult' as const),
    };
  });
  return {
    id: registration.id,
    eventId: registration.eventId,
    eventName: event.name,
    day: registration.day,
    state: registration.state,
    locale: registration.locale,
    order,
    selfieRequired: event.settings.selfie,
    payAtGate: event.settings.payAtGate,
    spectators,
    allSigned: spectators.length > 0 && spectators.every((s) => s.waiver.state === 'signed'),
  };
}

/**
 * Registration `registrationId` of buyer `viewer` (see the module's docstring).
 * @throws AppError `unauthenticated`; `spectator_not_found` (unknown, or someone else's).
 */
export async function getSpectatorRegistration(viewer: Viewer, registrationId: string, options: { now?: Date } = {}): Promise<SpectatorRegistrationView> {
  const db = getDb();
  return registrationView(db, await ownRegistration(viewer, registrationId, db), options.now);
}
