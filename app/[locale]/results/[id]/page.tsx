/**
 * /results/{promoterUserId} (spec §2): the promoter's events, newest first, with a year
 * filter ('No events found for the filtered years').
 */
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { EventList } from '@/components/results/EventList';
import { SubHeader } from '@/components/layout/SubHeader';
import { LinkChip } from '@/components/ui/links';
import type { Locale } from '@/lib/i18n/routing';
import { listPromoterEvents } from '@/lib/server/events';
import { parseId } from '@/lib/contracts/ids';

type Props = { params: Promise<{ locale: Locale; id: string }>; searchParams: Promise<{ years?: string | string[] }> };

export default async function ResultsPage({ params, searchParams }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const promoterUserId = parseId(id);
  if (promoterUserId === null) notFound();
  const found = await listPromoterEvents(promoterUserId);
  if (!found) notFound();
  const t = await getTranslations({ locale, namespace: 'results' });
  const rawYears = (await searchParams).years;
  const selected = new Set(
    (Array.isArray(rawYears) ? rawYears.join(',') : (rawYears ?? ''))
      .split(',')
      .filter((y) => /^\d{4}$/.test(y)),
  );
  const years = [...new Set(found.events.map((e) => e.startDate.slice(0, 4)))];
  const shown = selected.size ? found.events.filter((e) => selected.has(e.startDate.slice(0, 4))) : found.events;
  const toggle = (year: string) => {
    const next = new Set(selected);
    if (next.has(year)) next.delete(year);
    else next.add(year);
    return next.size ? `/results/${promoterUserId}?years=${[...next].sort().reverse().join(',')}` : `/results/${promoterUserId}`;
  };
  return (
    <>
      <SubHeader locale={locale} path={`/results/${promoterUserId}`} fallback={t('eventsOf', { promoter: found.promoter.name })} />
      <Container sx={{ py: 3 }}>
        <Typography component="h2" variant="h6" gutterBottom>
          {t('eventsOf', { promoter: found.promoter.name })}
        </Typography>
        {years.length > 0 && (
          <Stack component="nav" aria-label={t('filterYears')} direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <LinkChip href={`/results/${promoterUserId}`} label={t('allYears')} color={selected.size ? 'default' : 'primary'} aria-current={selected.size ? undefined : 'true'} />
            {years.map((y) => (
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
