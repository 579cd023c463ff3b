/**
 * /races/{id?} (spec §2, §6 Race display): the results table of a race. The permission
 * lookup runs only when an id exists; other than 1 goes to the error page. A race hidden
 * from public display reads 'Race is not available for public display'.
 */
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ResultsView } from '@/components/results/ResultsView';
import { SubHeader } from '@/components/layout/SubHeader';
import { formatDate } from '@/lib/format';
import { Link, redirect } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { canDisplayRace, permitted } from '@/lib/server/permissions';
import { getRace, getRaceResults, getRaceTeams, toRaceView } from '@/lib/server/races';
import { parseOptionalId } from '@/lib/validation/ids';

type Props = { params: Promise<{ locale: Locale; id?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id: segments } = await params;
  const id = parseOptionalId(segments);
  const race = id === null ? null : await getRace(id);
  return race?.event.isPublic ? { title: `${race.name} · ${race.event.name}` } : {};
}

export default async function RacePage({ params }: Props) {
  const { locale, id: segments } = await params;
  setRequestLocale(locale);
  if (!segments?.length) notFound();
  const id = parseOptionalId(segments);
  const t = await getTranslations({ locale, namespace: 'race' });
  const errors = await getTranslations({ locale, namespace: 'errors' });
  if (id === null || !(await permitted(canDisplayRace(id)))) {
    return redirect({ href: { pathname: '/error', query: { message: errors('notFoundPermission') } }, locale });
  }
  const race = await getRace(id);
  if (!race) notFound();
  const title = `${race.event.name} — ${race.name}`;
  const header = <SubHeader locale={locale} path={`/races/${race.id}`} fallback={title} />;
  const back = (
    <Typography sx={{ mb: 2 }} className="no-print">
      <Link href={`/events/${race.event.id}`}>← {t('backToEvent', { event: race.event.name })}</Link>
      {' · '}
      <time dateTime={race.event.startDate}>{formatDate(race.event.startDate, locale)}</time>
    </Typography>
  );
  if (!race.isPublic) {
    return (
      <>
        {header}
        <Container sx={{ py: 3 }}>
          {back}
          <Alert severity="info">{t('notPublic')}</Alert>
        </Container>
      </>
    );
  }
  const [results, teams] = await Promise.all([getRaceResults(id), getRaceTeams(id)]);
  return (
    <>
      {header}
      <Container maxWidth="xl" sx={{ py: 3 }}>
        {back}
        <ResultsView initial={{ race: toRaceView(race), results, teams }} />
      </Container>
    </>
  );
}
