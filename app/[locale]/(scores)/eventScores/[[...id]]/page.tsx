/**
 * /eventScores/{id?} (spec §2): every result of an event on one page, race by race, each in
 * its default view (teams first for a team enduro) with its downloads and a link to the
 * race's full results with filters and rider details. The event display rule of §6 applies:
 * no id, a malformed one or an event the visitor may not see goes to the default promoter's
 * results.
 */
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import { eventMetadata, eventOrDefaultResults } from '@/components/results/event-access';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { RaceResults } from '@/components/results/RaceResults';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { elide, formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { listEventRaces } from '@/lib/server/events';
import { getRace, toRaceView, type RaceInfo } from '@/lib/server/races';

type Props = { params: Promise<{ locale: Locale; id?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return eventMetadata((await params).id);
}

export default async function EventScoresPage({ params }: Props) {
  const { locale, id: segments } = await params;
  setRequestLocale(locale);
  const event = await eventOrDefaultResults(segments, locale);
  const [list, t, te] = await Promise.all([listEventRaces(event.id), getTranslations({ locale, namespace: 'race' }), getTranslations({ locale, namespace: 'event' })]);
  const races = (await Promise.all(list.map((r) => getRace(r.id)))).filter((r): r is RaceInfo => r !== null && r.isPublic);
  return (
    <>
      <SubHeader locale={locale} path={`/eventScores/${event.id}`} fallback={event.name} />
      <Container maxWidth="xl" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <Typography sx={{ mb: 2 }} className="no-print">
          <Link href={`/events/${event.id}`}>← {event.name}</Link>
          {' · '}
          <time dateTime={event.startDate}>{formatDate(event.startDate, locale)}</time>
        </Typography>
        <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
          {t('raceOverview', { event: event.name, elide: elide(event.name) })}
        </Typography>
        {races.length === 0 && <Typography role="status">{te('noRaces')}</Typography>}
        {races.map((race) => (
          <section key={race.id} aria-labelledby={`race-${race.id}`} style={{ marginBottom: 32 }}>
            <Typography id={`race-${race.id}`} component="h3" variant="h6" sx={{ mb: 0.5 }}>
              {race.name}
              {race.runNumber !== null && races.some((other) => other.id !== race.id && other.name === race.name) ? ` (${t('runNumber', { number: race.runNumber })})` : ''}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }} className="no-print">
              <Link href={`/races/${race.id}`}>{t('openRace', { race: race.name, elide: elide(race.name) })} →</Link>
            </Typography>
            <RaceResults race={toRaceView(race)} locale={locale} query={{}} compact />
          </section>
        ))}
      </Container>
    </>
  );
}
