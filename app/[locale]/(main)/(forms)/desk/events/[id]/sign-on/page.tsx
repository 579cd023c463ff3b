/**
 * /desk/events/{id}/sign-on: sign-on at the event (issue 27 "Sign-on (in the desk)"; spec §3
 * Registration, §4 Registration status and Waiver): the officials' list of registered riders,
 * one line each, green when membership, waiver and payment are in order; take payment at the
 * gate, hand out a rented transponder, mark present, open the signing of a missing waiver. The
 * page is kept by the service worker for a device with no connection (components/pwa/sw-rules.ts
 * `isSignOnPage`), and its board keeps what is recorded offline until it can be sent. For the
 * event's promoter staff and admins; another promoter's event answers like an unknown one (404).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import SignOnBoard from '@/components/desk/SignOnBoard';
import css from '@/components/desk/desk.module.css';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { parseId } from '@/lib/contracts/ids';
import { AppError } from '@/lib/errors';
import { Link } from '@/lib/i18n/navigation';
import { getDeskEvent } from '@/lib/server/desk';
import { authorize } from '@/lib/server/policy/authorize';
import { getSignOnList } from '@/lib/server/sign-on';

type Props = { params: Promise<{ locale: Locale; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk.signOn' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function SignOnPage({ params }: Props) {
  const { locale, id: raw } = await params;
  setRequestLocale(locale);
  const id = parseId(raw);
  const path = `/desk/events/${raw}/sign-on`;
  const viewer = await authorize('desk.open', null, path);
  if (id === null) notFound();
  const found = await Promise.all([getDeskEvent(viewer, id), getSignOnList(viewer, id)]).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') notFound();
    throw err;
  });
  const [desk, list] = found;
  const [t, td] = await Promise.all([getTranslations({ locale, namespace: 'desk.signOn' }), getTranslations({ locale, namespace: 'desk' })]);
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={`${t('title')} — ${desk.event.name}`} parents={[{ label: td('title'), href: '/desk' }, { label: desk.event.name, href: `/desk/events/${id}` }]} />
      <div className="container">
        <p className={css.actions}>
          <Link href={`/desk/events/${id}`}>{t('backToEvent')}</Link>
        </p>
        <p className={css.intro}>{t('intro')}</p>
        <SignOnBoard eventId={id} initial={list} />
      </div>
    </>
  );
}
