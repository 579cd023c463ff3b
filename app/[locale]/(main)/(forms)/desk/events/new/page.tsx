/**
 * /desk/events/new: a new event on the promoter's desk (issue 24; spec §3 Event). The promoter is
 * one the login works for (a choice when it works for several; every promoter for an admin).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { EventFormIsland } from '@/components/desk/islands';
import css from '@/components/desk/desk.module.css';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import { listDeskPromoters } from '@/lib/server/desk';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/desk/events/new';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk' });
  return { title: t('newTitle'), robots: { index: false, follow: false } };
}

export default async function NewDeskEventPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const viewer = await authorize('desk.open', null, PATH);
  const [promoters, t] = await Promise.all([listDeskPromoters(viewer), getTranslations({ locale, namespace: 'desk' })]);
  if (!promoters.length) notFound();
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('newTitle')} parents={[{ label: t('title'), href: '/desk' }]} />
      <div className="container">
        <p className={css.actions}>
          <Link href="/desk">{t('back')}</Link>
        </p>
        <EventFormIsland eventId={null} promoters={promoters} initial={null} />
      </div>
    </>
  );
}
