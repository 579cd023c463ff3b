/**
 * What a spectator registration's order is made of (issue 28 "Summary and payment: price per
 * spectator by the event's age bands (children free below an age the event sets), promo code,
 * tax, total, then the checkout"; spec §3 Spectator, Transaction), shared by the summary's quote
 * (`quoteSpectatorRegistration`) and the payment (`submitSpectatorRegistration`), so the total shown
 * is the total charged: one `ticket` line per live spectator, in their order (the buyer first:
 * lib/server/tickets/match-ticket-lines.ts pairs them back), at `ticketPriceCents` of their age on the event's day
 * ($0 below the free age), described in the order's language ('Spectator ticket – name – event,
 * day'); taxed where the event is held (place of supply of an admission: the event's province;
 * the buyer's when the event's state is not a province code); sold by the event's organization.
 */
import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '../../config';
import { ticketPriceCents } from '../../contracts/spectator-settings';
import { AppError } from '../../errors';
import { formatDate } from '../../format';
import { loadMessages } from '../../i18n/messages';
import type { CreateOrderInput, TicketLineRequest } from '../checkout/create-order';
import { placeOfSupply } from '../checkout/tax';
import { spectatorAge } from './rules';
import type { SpectatorRow, TicketEvent } from './spectator-context';

type Translate = (key: string, values?: Record<string, string>) => string;

/** The ticket lines of `people` at `event` on `day`, described in `locale` (see the module's docstring). */
export async function ticketLines(event: TicketEvent, day: string, people: readonly SpectatorRow[], locale: Locale): Promise<TicketLineRequest[]> {
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: 'spectators' }) as unknown as Translate;
  const when = formatDate(day, locale);
  return people.map((p) => ({
    kind: 'ticket' as const,
    eventId: event.id,
    description: t('ticketLine', { name: `${p.firstName} ${p.lastName}`.trim(), event: event.name, day: when }),
    unitCents: ticketPriceCents(event.settings, spectatorAge(p.birthday, day)),
  }));
}

/**
 * The province the tickets are taxed in: the event's, else the buyer's `buyerProvince`.
 * @throws CheckoutError `unknown_province` when neither is one.
 */
export function ticketProvince(event: Pick<TicketEvent, 'state'>, buyerProvince: string | null | undefined): string {
  try {
    return placeOfSupply({ kind: 'ticket', eventProvince: event.state ?? '' });
  } catch {
    return placeOfSupply({ kind: 'ticket', eventProvince: buyerProvince ?? '' });
  }
}

/**
 * The order request of `people` at `event` on `day` (everything but the provider, submission and hold).
 * @throws AppError `event_not_found` when the event has no organization to sell them; CheckoutError `unknown_province`.
 */
export async function ticketOrderInput(
  event: TicketEvent,
  day: string,
  people: readonly SpectatorRow[],
  options: { locale: Locale; promoCode?: string | null; province?: string | null; now: Date },
): Promise<Omit<CreateOrderInput, 'provider'>> {
  if (event.organizationId === null) throw new AppError('event_not_found');
  return {
    organizationId: event.organizationId,
    lines: await ticketLines(event, day, people, options.locale),
    eventId: event.id,
    promoterId: event.promoterId,
    province: ticketProvince(event, options.province),
    locale: options.locale,
    promoCode: options.promoCode ?? null,
    now: options.now,
  };
}
