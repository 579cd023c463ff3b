/**
 * /desk/events/{id}: one event on the promoter's desk (issue 24; spec §3 Event, §6 Event display
 * and the online-registration permission): its form, its classes and fees, its online-registration
 * settings (issue 27: fee dates, refund policy, questions …), its races (renamed, shown or hidden: spec §6
 * Race display), its live feed (the timing system's host and port, start, stop, status), a link
 * to its public page, and every desk change of it (who, when, what). Another promoter's event answers like an unknown one (404).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { AuditList } from '@/components/desk/AuditList';
import { StartGrid } from '@/components/desk/StartGrid';
import { SpectatorSettingsSection } from '@/components/desk/SpectatorSettingsSection';
import { EventClassesIsland, EventFormIsland, LiveFeedPanelIsland, RaceRowsIsland, RegistrationSettingsIsland, ResultsUploadIsland } from '@/components/desk/islands';
import css from '@/components/desk/desk.module.css';
import { SubHeader } from '@/components/layout/SubHeader';
import { BASE_PATH, type Locale } from '@/lib/config';
import { parseId } from '@/lib/contracts/ids';
import { RESULT_COLUMNS, type ResultColumn } from '@/lib/contracts/results';
import { tableLabels } from '@/lib/server/races';
import { Link } from '@/lib/i18n/navigation';
import { formatDate } from '@/lib/format';
import { eventClassOptions, feedStatus, getDeskEvent, getRegistrationSettings, listDeskRaces, listEventAudit, listEventClassFees } from '@/lib/server/desk';
import { AppError } from '@/lib/errors';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function DeskEventPage({ params }: Props) {
  const { locale, id: raw } = await params;
  setRequestLocale(locale);
  const id = parseId(raw);
  const path = `/desk/events/${raw}`;
  const viewer = await authorize('desk.open', null, path);
  if (id === null) notFound();
  const desk = await getDeskEvent(viewer, id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') notFound();
    throw err;
  });
  const [races, audit, classes, classOptions, registration, t, labels] = await Promise.all([listDeskRaces(id), listEventAudit(id), listEventClassFees(id), eventClassOptions(id), getRegistrationSettings(viewer, id), getTranslations({ locale, namespace: 'desk' }), tableLabels(locale)]);
  const { opensOn, closesOn } = registration.window;
  // The window the fee dates must fit, in words (issue 27).
  const windowText =
    opensOn && closesOn
      ? t('registration.window', { opens: formatDate(opensOn, locale), closes: formatDate(closesOn, locale) })
      : closesOn
        ? t('registration.windowUntil', { closes: formatDate(closesOn, locale) })
        : opensOn
          ? t('registration.windowFrom', { opens: formatDate(opensOn, locale) })
          : null;
  // The live feed's status (issue 24): the page's copy; the panel keeps it up to date by itself.
  const live = await feedStatus(id);
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={desk.event.name} parents={[{ label: t('title'), href: '/desk' }]} />
      <div className="container">
        <p className={css.actions}>
          <Link href="/desk">{t('back')}</Link>
          <Link href={`/events/${id}`}>{t('viewPublic')}</Link>
          <Link href={`/desk/events/${id}/sign-on`}>{t('signOn.link')}</Link>
        </p>
        <EventFormIsland eventId={id} initial={desk.event} />
        <section aria-labelledby="desk-classes">
          <h2 id="desk-classes" className={css.formTitle}>
            {t('classes.eventTitle')}
          </h2>
          {/* Not keyed by its rows: after a save the island's own rows are what was saved, and its "Saved" stays. */}
          <EventClassesIsland eventId={id} classes={classes} options={classOptions} />
        </section>
        <section aria-labelledby="desk-registration">
          <h2 id="desk-registration" className={css.formTitle}>
            {t('registration.title')}
          </h2>
          {/* Not keyed: after a save the form's own values are what was saved (it resets to them). */}
          <RegistrationSettingsIsland eventId={id} initial={registration.settings} window={registration.window} windowText={windowText} />
          {/* The entry list for timing software (issue 27): registered riders with number, name, class and transponder. */}
          <p>
            <a href={`${BASE_PATH}/api/v1/desk/events/${id}/entries.csv`} download>
              {t('registration.entryList')}
            </a>
          </p>
        </section>
        <section aria-labelledby="desk-races">
          <h2 id="desk-races" className={css.formTitle}>
            {t('races.title')}
          </h2>
          {/* Keyed by the races and their results: an upload brings new rows, mounted afresh. Not by what the rows
              themselves save (name, shown, status, columns): the refresh after a save keeps the row's "Saved.". */}
          <RaceRowsIsland key={races.map((r) => `${r.id}:${r.results}`).join('|') || 'none'} races={races.map(({ id: raceId, name, kind, classes: raceClasses, isPublic, resultsStatus, columns, results }) => ({ id: raceId, name, kind, classes: raceClasses, isPublic, resultsStatus, columns, results }))} columnLabels={Object.fromEntries(RESULT_COLUMNS.map((c) => [c, labels.column(c)])) as Record<ResultColumn, string>} />
        </section>
        <section aria-labelledby="desk-live">
          <h2 id="desk-live" className={css.formTitle}>
            {t('live.title')}
          </h2>
          <LiveFeedPanelIsland eventId={id} initial={live} />
        </section>
        <section aria-labelledby="desk-upload">
          <h2 id="desk-upload" className={css.formTitle}>
            {t('upload.title')}
          </h2>
          <ResultsUploadIsland eventId={id} />
        </section>
        <section aria-labelledby="desk-start-grid">
          <h2 id="desk-start-grid" className={css.formTitle}>
            {t('startGrid.title')}
          </h2>
          <StartGrid locale={locale} eventId={id} />
        </section>
        <SpectatorSettingsSection locale={locale} eventId={id} viewer={viewer} />
        <AuditList audit={audit} locale={locale} what="event" />
      </div>
    </>
  );
}
