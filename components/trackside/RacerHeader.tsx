/**
 * The selected racer above the results, laps and points tabs (spec §3 Trackside participant
 * search: racer name, race number, location): their name (the tab's heading), number, class
 * and location, the link to their public rider page (issue 25: `/riders/{id}`, above every
 * tab), and the race they ride now, linking to its live page. Needs only the racer's
 * summary (no series standings). Plain HTML (./trackside.module.css).
 */
import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import type { RacerSummary } from '@/lib/contracts/trackside';
import { riderPath } from '@/lib/contracts/riders';
import { Link } from '@/lib/i18n/navigation';
import css from './trackside.module.css';

export async function RacerHeader({ locale, racer, headingId }: { locale: Locale; racer: RacerSummary; headingId: string }) {
  const t = await getTranslations({ locale, namespace: 'trackside' });
  const facts = [racer.raceNumber ? t('racerNumber', { number: racer.raceNumber }) : null, racer.className, racer.location].filter((f): f is string => !!f);
  return (
    <div className={css.header}>
      <h2 id={headingId} className={`${ui.h5} ${css.racerHeading}`} data-testid="racer-name">
        {racer.racerName}
      </h2>
      {facts.length > 0 && <p className={css.facts}>{facts.join(' · ')}</p>}
      <p className={css.profileLink}>
        <Link href={riderPath(racer.id)} data-testid="racer-profile-link">
          {t('racer.profileLink')} →
        </Link>
      </p>
      {racer.live && (
        <Alert severity="success" className={css.live} data-testid="racer-live">
          <span className={css.liveNow}>● {t('racer.liveNow')}</span>
          <Link href={`/races/${racer.live.raceId}`}>{t('racer.watchLive', { race: racer.live.raceName, event: racer.live.eventName })}</Link>
        </Alert>
      )}
    </div>
  );
}
