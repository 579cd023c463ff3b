/**
 * The order lines of an entry (issue 27 "Registration"; spec §3 Transaction): one line per class
 * entered with a place, at its fee of the day (`entryFee`), and, with a rented transponder, its
 * fee and its refundable deposit (no tax on a deposit). Descriptions in the order's language
 * (`registrations.lines.*` messages). The checkout prices and stores them (`createOrderInTx`).
 */
import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '../../config';
import { loadMessages } from '../../i18n/messages';
import type { EntryLineRequest } from '../checkout/create-order';
import type { RegistrationEvent } from './registration-context';

type Translate = (key: string, values?: Record<string, string>) => string;

/** One class entered with a place: its id, name and fee in cents. */
export interface PlacedClass {
  classId: number;
  className: string;
  feeCents: number;
}

/**
 * The entry lines of `rider` at `event` for `placed` classes, plus the rental and deposit lines
 * when `rental` (only when at least one class has a place).
 */
export async function entryLines(event: RegistrationEvent, rider: { participantId: number; name: string }, placed: readonly PlacedClass[], rental: boolean, locale: Locale): Promise<EntryLineRequest[]> {
  if (placed.length === 0) return [];
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: 'registrations.lines' }) as unknown as Translate;
  const base = { kind: 'entry' as const, eventId: event.id, participantId: rider.participantId };
  const lines: EntryLineRequest[] = placed.map((c) => ({ ...base, classId: c.classId, unitCents: c.feeCents, description: t('entry', { event: event.name, class: c.className, rider: rider.name }) }));
  if (rental && event.settings.transponderRentalCents != null) {
    lines.push({ ...base, classId: null, unitCents: event.settings.transponderRentalCents, description: t('rental', { event: event.name, rider: rider.name }) });
    if (event.settings.transponderDepositCents > 0) lines.push({ ...base, classId: null, unitCents: event.settings.transponderDepositCents, taxable: false, description: t('deposit', { event: event.name, rider: rider.name }) });
  }
  return lines;
}
