/**
 * The sessions running now (spec §2 /liveonlivelaps "live now", §1 live laps; issue 10): each
 * live race with its event, location, flag, time or laps to go, leader, number of competitors
 * and last update, linking to its live page /races/{id}; "No session is running now" with links
 * to the event calendar and the results otherwise. A server component: /liveonlivelaps embeds it
 * on its home tab.
 */
import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import { FEDERATION_TIME_ZONE, type Locale } from '@/lib/config';
import { intlLocale } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import { listLiveSessions } from '@/lib/server/live';
import { flagKind, toGo } from './clock';
import css from './live.module.css';

export async function LiveSessions({ locale, headingLevel = 2 }: {
  locale: Locale;
  /** The level of the section's heading (each session's is one below). */
  headingLevel?: 2 | 3;
}) {
  const [t, sessions] = await Promise.all([getTranslations({ locale, namespace: 'live' }), listLiveSessions()]);
  const Heading = `h${headingLevel}` as const;
  const SessionHeading = `h${headingLevel + 1}` as 'h3' | 'h4';
  const time = new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', minute: '2-digit', timeZone: FEDERATION_TIME_ZONE });

  return (
    <section aria-labelledby="live-sessions-title" data-testid="live-sessions">
      <Heading id="live-sessions-title" className={`${ui.h5} ${css.sessionsTitle}`}>
        {t('sessionsTitle')}
      </Heading>
      {sessions.length === 0 ? (
        <Alert severity="info" role="status" data-testid="live-sessions-empty">
          <p className={css.noSession}>{t('noSession')}</p>
          <p className={`${ui.body2} ${css.noSessionHint}`}>
            {t('noSessionHint')}{' '}
            <Link href="/event-calendar">{t('calendarLink')}</Link>
            {' · '}
            <Link href="/results">{t('resultsLink')}</Link>
          </p>
        </Alert>
      ) : (
        <ul className={css.sessions} aria-label={t('sessionsRegion')}>
          {sessions.map((s) => {
            const kind = flagKind(s.clock?.flag);
            const left = toGo(s.clock);
            return (
              <li key={s.raceId} className={css.session} data-testid="live-session" data-race={s.raceId}>
                <p className={`${ui.body2} ${css.muted}`}>
                  {s.eventName}
                  {s.location ? ` · ${s.location}` : ''}
                </p>
                <SessionHeading>
                  <Link href={`/races/${s.raceId}`}>{s.raceName}</Link>
                </SessionHeading>
                <ul className={css.facts}>
                  <li>
                    <span className={css.flag} data-flag={kind}>
                      {t('flag', { flag: kind, name: s.clock?.flag?.trim() ?? '' })}
                    </span>
                  </li>
                  {left && <li className={css.clock}>{'laps' in left ? t('lapsToGo', { count: left.laps }) : t('timeToGo', { time: left.time })}</li>}
                  <li>{s.leader ? t('leader', { number: s.leader.number, name: s.leader.name }) : t('noLeader')}</li>
                  <li>{t('competitors', { count: s.entries })}</li>
                  <li className={css.muted}>
                    <time dateTime={s.updatedAt}>{t('updated', { time: time.format(new Date(s.updatedAt)) })}</time>
                  </li>
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
