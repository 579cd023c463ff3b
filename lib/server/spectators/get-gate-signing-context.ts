/**
 * What the gate's signing page needs, /desk/events/{id}/gate/waiver/{spectatorId} (issue 28 "a
 * missing waiver is signed there"; spec §4 Waiver: signed, not signed, rejected; §5 Spectator): the
 * scanner's "waiver missing" answer sends the official there, who hands the tablet to the
 * spectator (or, for a minor, to the registration's buyer as parent or guardian) and witnesses the
 * signature. The same people and rules as lib/server/waivers `signSpectatorWaiver` with a
 * `witness` signer, so what the page shows is what signing accepts: the event and day, who it
 * covers, who signs and as what, the spectator text of the event's discipline in the page's
 * language with its version, whether the event asks for a selfie and the federation for the
 * minor's own signature, the waiver's state and whether the registration was canceled.
 */
import 'server-only';
import type { Locale } from '../../config';
import type { SpectatorWaiverByLink } from '../../contracts/spectators';
import { getWaiverSettings } from '../../cms/waivers';
import { getDb } from '../db';
import type { Viewer } from '../policy';
import { gateSpectator, spectatorSignatory } from '../waivers/sign-spectator-waiver';
import { asDiscipline, getWaiverText } from '../waivers/get-waiver-text';
import { loadTicketEvent } from './spectator-context';
import { spectatorWaiver } from './spectator-waivers';

/** The gate's signing page's data: the by-link page's, with the spectator and the signatory's role. */
export interface GateSigningContext extends SpectatorWaiverByLink {
  spectatorId: string;
  /** `self` (an adult signs for themself) or `guardian` (the buyer signs for a minor). */
  signatoryRole: 'self' | 'guardian';
}

/**
 * The signing context of spectator `spectatorId` of event `eventId` at the gate of `viewer`'s
 * tablet, on a page in `locale` (see the module's docstring).
 * @throws AppError `unauthenticated`; `not_found` (unknown event, or a login that may not scan its
 *   tickets: policy `tickets.scan`); `spectator_not_found` (no such spectator of that event).
 */
export async function getGateSigningContext(viewer: Viewer, eventId: number, spectatorId: string, locale: Locale): Promise<GateSigningContext> {
  const { spectator, registration } = await gateSpectator(viewer, eventId, spectatorId);
  const db = getDb();
  const event = (await loadTicketEvent(registration.eventId))!;
  const [signatory, text, settings, waiver] = await Promise.all([
    spectatorSignatory(db, spectator, registration),
    getWaiverText('spectator', locale, asDiscipline(event.discipline)),
    getWaiverSettings(),
    spectatorWaiver(db, spectator.id),
  ]);
  return {
    eventId: event.id,
    eventName: event.name,
    day: registration.day,
    spectatorId: spectator.id,
    coveredName: `${spectator.firstName} ${spectator.lastName}`.trim(),
    signatoryName: signatory.name,
    signatoryRole: signatory.role,
    email: signatory.email,
    text,
    selfieRequired: event.settings.selfie,
    minorSignatureRequired: settings.minorSignature && signatory.role === 'guardian',
    state: waiver.state,
    canceled: registration.state === 'canceled',
  };
}
