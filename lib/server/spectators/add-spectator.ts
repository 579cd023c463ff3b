/**
 * Step 3, adding a spectator (issue 28 "The four steps" 3; spec §3 Spectator, §5 Spectator, §8
 * Spectator): the buyer of an open registration adds a person (first name, last name, gender,
 * date of birth, email). An adult on the event's day needs their own email (their waiver link and
 * ticket go there: `null_spectator_email`); an email another adult of the registration has is
 * refused (`spectator_email_exists`: "register the existing person or change the email" — the
 * reply's `spectatorId` names that person); an email of a promoter's login is refused (spec §6:
 * promoters cannot be spectators); a minor has no email of their own (the buyer's is used). The
 * same person (names and date of birth) on a live registration of that event day is refused
 * ('Spectator already registered'). An adult with an account (matched by email) is linked to it
 * (`user_id`: the signatory of their waiver).
 */
import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { spectatorPersonInput, type SpectatorPersonInput, type SpectatorRegistrationView } from '../../contracts/spectators';
import { AppError } from '../../errors';
import { getDb } from '../db';
import { spectators, users } from '../db/schema';
import type { Viewer } from '../policy';
import { registrationView } from './get-registration';
import { isAdultOn } from './rules';
import { assertEditable, assertPersonFree, liveSpectators, ownRegistration, parseSpectatorInput, todayOf } from './spectator-context';

/** `spectator_email_exists`, with the spectator of the registration who has that email (the page offers them). */
export class SpectatorEmailExistsError extends AppError {
  readonly spectatorId: string;

  constructor(spectatorId: string) {
    super('spectator_email_exists');
    this.spectatorId = spectatorId;
  }

  override toJSON() {
    return { ...super.toJSON(), spectatorId: this.spectatorId };
  }
}

/**
 * Adds `raw` to registration `registrationId` of buyer `viewer` at `options.now` (see the module's docstring).
 * @returns the registration with the new spectator (last).
 * @throws AppError `null_entries` and the fields' codes; `unauthenticated`; `spectator_not_found`;
 *   `spectator_registration_closed`; `invalid_birthday`; `null_spectator_email`;
 *   `promoters_not_allowed`; `spectator_already_registered`; SpectatorEmailExistsError.
 */
export async function addSpectator(viewer: Viewer, registrationId: string, raw: SpectatorPersonInput, options: { now?: Date } = {}): Promise<SpectatorRegistrationView> {
  const person = parseSpectatorInput(spectatorPersonInput, raw);
  const now = options.now ?? new Date();
  if (person.birthday > todayOf(now)) throw new AppError('invalid_birthday');
  return getDb().transaction(async (tx) => {
    const registration = await ownRegistration(viewer, registrationId, tx, { lock: true });
    assertEditable(registration);
    const adult = isAdultOn(person.birthday, registration.day);
    const email = adult ? (person.email ?? null) : null;
    if (adult && !email) throw new AppError('null_spectator_email');
    let userId: string | null = null;
    if (email) {
      const same = (await liveSpectators(tx, registration.id)).find((s) => s.email !== null && s.email.toLowerCase() === email);
      if (same) throw new SpectatorEmailExistsError(same.id);
      const [account] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(sql`lower(${users.email})`, email));
      if (account?.role === 'promoter') throw new AppError('promoters_not_allowed');
      userId = account?.id ?? null;
    }
    await assertPersonFree(tx, registration.eventId, registration.day, person, undefined, { registrationId: registration.id });
    await tx.insert(spectators).values({
      registrationId: registration.id,
      eventId: registration.eventId,
      day: registration.day,
      firstName: person.firstName,
      lastName: person.lastName,
      gender: person.gender,
      birthday: person.birthday,
      email,
      isBuyer: false,
      userId,
      createdAt: now,
    });
    return registrationView(tx, registration, now);
  });
}
