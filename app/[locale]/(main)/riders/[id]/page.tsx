/**
 * /riders/{id} (issue 25 "One rider, one profile"): the public rider page. `id` is any
 * participant record of the rider (results rows, season panels and the trackside tabs link to
 * their own record); the page resolves every record of the same person
 * (lib/server/riders/person-identity.ts) and names the smallest id as canonical
 * (`alternates.canonical`). Results by season and event, series standings, best laps, classes,
 * race numbers and club — only what the results pages show in public. Unknown, malformed or
 * nothing public → 404. A server component, no client JavaScript of its own.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SubHeader } from '@/components/layout/SubHeader';
import { RiderProfile } from '@/components/riders/RiderProfile';
import css from '@/components/riders/riders.module.css';
import { BASE_PATH, type Locale } from '@/lib/config';
import { parseId } from '@/lib/contracts/ids';
import { riderPath } from '@/lib/contracts/riders';
import { getPathname } from '@/lib/i18n/navigation';
import { siteOrigin } from '@/lib/server/config/env';
import { getRiderProfile } from '@/lib/server/riders';
import { personName } from '@/lib/format/person-name';

type Props = { params: Promise<{ locale: Locale; id: string }> };

/** The profile of `id` (a participant id as the URL writes it), or null. */
async function profileOf(id: string) {
  const participantId = parseId(id);
  return participantId === null ? null : getRiderProfile(participantId);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const profile = await profileOf(id);
  if (!profile) return {};
  const [t, common] = await Promise.all([getTranslations({ locale, namespace: 'riders' }), getTranslations({ locale, namespace: 'common' })]);
  const name = personName(profile.firstName, profile.lastName, common('formerMember'));
  return {
    title: t('metaTitle', { name }),
    description: t('metaDescription', { name, races: profile.raceCount }),
    alternates: { canonical: `${siteOrigin()}${BASE_PATH}${getPathname({ href: riderPath(profile.id), locale })}` },
  };
}

export default async function RiderPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const profile = await profileOf(id);
  if (!profile) notFound();
  const [t, common] = await Promise.all([getTranslations({ locale, namespace: 'riders' }), getTranslations({ locale, namespace: 'common' })]);
  const name = personName(profile.firstName, profile.lastName, common('formerMember'));
  return (
    <>
      <SubHeader locale={locale} path={riderPath(profile.id)} fallback={name} title={name} parents={[{ label: t('parent'), href: '/liveonlivelaps' }]} />
      <div className={`container ${css.page}`} data-testid="rider-page" data-rider={profile.id}>
        <RiderProfile locale={locale} profile={profile} />
      </div>
    </>
  );
}
