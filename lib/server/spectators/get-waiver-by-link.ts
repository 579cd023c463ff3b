/**
 * The page an adult opens from their emailed link, `/waiver/{signingId}` (issue 28 "each adult
 * signs their own waiver … by an emailed link"; spec §2 /waiver/{documentUUID?}, §4 Waiver: signed,
 * not signed, rejected): no login, the link is the capability. What the page needs: the event and
 * day, who it covers and who signs (the adult themself) with the email the PDF goes to, the
 * spectator text of the event's discipline in the page's language with its version, whether a
 * selfie is asked, and the state now. A malformed or unknown link, a removed spectator or a
 * minor's (they do not sign alone) answers 'The record was not found'.
 */
import 'server-only';
import type { Locale } from '../../config';
import type { SpectatorWaiverByLink } from '../../contracts/spectators';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { asDiscipline, getWaiverText } from '../waivers/get-waiver-text';
import { spectatorByLink } from '../waivers/sign-spectator-waiver';
import { isAdultOn } from './rules';
import { loadTicketEvent } from './spectator-context';
import { spectatorWaiver } from './spectator-waivers';

/**
 * What `/waiver/{signingId}` shows in `locale` (see the module's docstring).
 * @throws AppError `spectator_not_found`.
 */
export async function getSpectatorWaiverByLink(signingId: string, locale: Locale): Promise<SpectatorWaiverByLink> {
  const found = await spectatorByLink(signingId);
  if (!found || !isAdultOn(found.spectator.birthday, found.registration.day)) throw new AppError('spectator_not_found');
  const { spectator, registration } = found;
  const event = (await loadTicketEvent(registration.eventId))!;
  const [text, waiver] = await Promise.all([getWaiverText('spectator', locale, asDiscipline(event.discipline)), spectatorWaiver(getDb(), spectator.id)]);
  const name = `${spectator.firstName} ${spectator.lastName}`.trim();
  return {
    eventId: event.id,
    eventName: event.name,
    day: registration.day,
    coveredName: name,
    signatoryName: name,
    email: spectator.email,
    text,
    selfieRequired: event.settings.selfie,
    // An adult signs for themself: no minor's signature.
    minorSignatureRequired: false,
    state: waiver.state,
    canceled: registration.state === 'canceled',
  };
}
