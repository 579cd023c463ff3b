/**
 * The body of /events/{id}/register (issue 27): the event's registration in three steps
 * (./RegisterSteps) for the logged-in rider or guardian, or why it cannot be done (not logged in:
 * the login with `?next=` back here; registration not open: the event's own words and a way
 * back). Personal: rendered per request (a session cookie keeps it out of the page cache).
 */
import { getTranslations } from 'next-intl/server';
import styles from '@/components/account/profile/account.module.css';
import { viewer } from '@/components/account/profile/viewer';
import { SubHeader } from '@/components/layout/SubHeader';
import { Alert } from '@/components/ui/Alert';
import type { Locale } from '@/lib/config';
import { Link, redirect } from '@/lib/i18n/navigation';
import { eventRegistration, type EventDetails } from '@/lib/server/events';
import { getPurchaseOptions } from '@/lib/server/membership-sales';
import { getRegistrationSettings, loadClasses } from '@/lib/server/registration';
import { getWaiverSettings } from '@/lib/cms/waivers';
import { asDiscipline, getWaiverText } from '@/lib/server/waivers';
import { RegisterSteps } from './RegisterSteps';

type Search = Record<string, string | string[] | undefined>;

export async function RegisterPage({ locale, event, search }: { locale: Locale; event: EventDetails; search: Search }) {
  const path = `/events/${event.id}/register`;
  const user = await viewer();
  if (!user) {
    const query = new URLSearchParams(Object.entries(search).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
    return redirect({ href: { pathname: '/login', query: { next: query.size ? `${path}?${query}` : path } }, locale });
  }
  const t = await getTranslations({ locale, namespace: 'eventRegistration' });
  const open = eventRegistration(event).status === 'open';
  const waiverStep = search.step === 'waiver';
  const [options, classes, settings, waiver, waiverSettings] = open
    ? await Promise.all([
        getPurchaseOptions(user.id),
        loadClasses(event.id),
        getRegistrationSettings(event.id),
        waiverStep ? getWaiverText('entry', locale, asDiscipline(event.discipline)) : null,
        waiverStep ? getWaiverSettings().catch(() => null) : null,
      ])
    : [null, [], null, null, null];
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={t('title')} parents={[{ label: event.name, href: `/events/${event.id}?tab=registration` }]} />
      <div className={`container container-md ${styles.page}`}>
        <p className={styles.intro}>{t('intro', { event: event.name })}</p>
        {open && options && settings ? (
          <RegisterSteps locale={locale} event={event} settings={settings} classes={classes} people={options.people} providers={options.providers} search={search} waiver={waiver} minorSignature={waiverSettings?.minorSignature === true} />
        ) : (
          <Alert severity="warning" role="status" action={<Link href={`/events/${event.id}?tab=registration`}>{t('back')}</Link>}>
            {t('closed')}
          </Alert>
        )}
      </div>
    </>
  );
}
