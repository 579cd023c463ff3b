/**
 * A promoter's results page (spec §2 /results and /results/{promoterUserId}): the promoter's
 * public events, newest first, with a year filter kept in the URL ('No events found for the
 * filtered years').
 */
import { elide } from '@/lib/format';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { LinkChip } from '@/components/ui/links';
import type { Locale } from '@/lib/config';
import { listPromoterEvents } from '@/lib/server/events';
import { EventList } from './EventList';

/** The tab title of a promoter's results page: the menu entry's name, else "Events of {promoter}". */
export async function promoterResultsMetadata(locale: Locale, promoterUserId: number, basePath: string): Promise<Metadata> {
  const found = await listPromoterEvents(promoterUserId);
  if (!found) return {};
  const t = await getTranslations({ locale, namespace: 'results' });
  return pageMetadata(locale, basePath, t('eventsOf', { promoter: found.promoter.name, elide: elide(found.promoter.name) }));
}

export async function PromoterResults({ locale, promoterUserId, years, basePath }: {
  locale: Locale;
  promoterUserId: number;
  years: string | string[] | undefined;
  /** `/results` for the default promoter, `/results/{id}` otherwise. */
  basePath: string;
}) {
  const found = await listPromoterEvents(promoterUserId);
  if (!found) notFound();
  const t = await getTranslations({ locale, namespace: 'results' });
  const selected = new Set(
    (Array.isArray(years) ? years.join(',') : (years ?? ''))
      .split(',')
      .filter((y) => /^\d{4}$/.test(y)),
  );
  const all = [...new Set(found.events.map((e) => e.startDate.slice(0, 4)))];
  const shown = selected.size ? found.events.filter((e) => selected.has(e.startDate.slice(0, 4))) : found.events;
  const toggle = (year: string) => {
    const next = new Set(selected);
    if (next.has(year)) next.delete(year);
    else next.add(year);
    return next.size ? `${basePath}?years=${[...next].sort().reverse().join(',')}` : basePath;
  };
  return (
    <>
      <SubHeader locale={locale} path={basePath} fallback={t('eventsOf', { promoter: found.promoter.name, elide: elide(found.promoter.name) })} />
      <Container sx={{ py: 3 }}>
        <Typography component="h2" variant="h6" gutterBottom>
          {t('eventsOf', { promoter: found.promoter.name, elide: elide(found.promoter.name) })}
        </Typography>
        {all.length > 0 && (
          <Stack component="nav" aria-label={t('filterYears')} direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <LinkChip href={basePath} label={t('allYears')} color={selected.size ? 'default' : 'primary'} aria-current={selected.size ? undefined : 'true'} />
            {all.map((y) => (
              <LinkChip key={y} href={toggle(y)} label={y} color={selected.has(y) ? 'primary' : 'default'} aria-current={selected.has(y) ? 'true' : undefined} />
            ))}
          </Stack>
        )}
        <Typography sx={{ mb: 1 }} color="text.secondary" aria-live="polite">
          {t('count', { count: shown.length })}
        </Typography>
        {shown.length ? <EventList events={shown} locale={locale} /> : <Typography role="status">{t('noEvents')}</Typography>}
      </Container>
    </>
  );
}
