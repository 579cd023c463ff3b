/**
 * "Buy tickets" on the public event page (issue 28; spec §2 /spectator/{id?}): when the event
 * sells spectator tickets (./ticket-offer.ts, a cached read tagged with the event), the price
 * from, the age bands and the free age, and the link to /spectator/{eventId}. Nothing otherwise.
 * Plain HTML from the server.
 */
import { getTranslations } from 'next-intl/server';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { formatCents } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { getTicketOffer } from '@/lib/server/spectators';
import css from './spectators.module.css';

export async function BuyTickets({ locale, eventId }: { locale: Locale; eventId: number }) {
  const offer = await getTicketOffer(eventId);
  if (!offer) return null;
  const t = await getTranslations({ locale, namespace: 'spectatorPages.buy' });
  const bands = offer.bands
    .map((b, i) => {
      const next = offer.bands[i + 1];
      const from = Math.max(b.minAge, offer.freeUnderAge);
      if (next && next.minAge <= from) return null;
      const price = b.priceCents === 0 ? t('free') : formatCents(b.priceCents, locale);
      return next ? t('bandRange', { min: from, max: next.minAge - 1, price }) : t('bandFrom', { min: from, price });
    })
    .filter((x): x is string => x !== null);
  return (
    <div className={css.buy} data-testid="buy-tickets">
      <p className={css.buyText}>
        <strong>{offer.fromCents === null ? t('titleFree') : t('title', { price: formatCents(offer.fromCents, locale) })}</strong>
        <span className={css.meta}>{[offer.freeUnderAge > 0 ? t('freeUnder', { age: offer.freeUnderAge }) : null, ...bands].filter(Boolean).join(' · ')}</span>
      </p>
      <Link href={`/spectator/${eventId}`} className={`${ui.button} ${ui.contained}`}>
        {t('action')}
      </Link>
    </div>
  );
}
