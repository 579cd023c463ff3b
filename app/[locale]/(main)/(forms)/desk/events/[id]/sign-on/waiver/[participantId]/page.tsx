/**
 * /desk/events/{id}/sign-on/waiver/{participantId}: a missing waiver signed at sign-on on the
 * official's tablet (issue 27 "sign a missing waiver on the official's tablet"; spec §4 Waiver):
 * the rider (or the minor's parent, and the minor too when the federation asks) reads the event's
 * text in the page's language and signs with the official as witness; the sealed document names
 * the rider's or the guardian's account as signatory and the official as witness, and its PDF goes
 * to the signatory by email (lib/server/waivers `signWaiver`). Back to the sign-on list once signed.
 * Needs the connection (the images are sent at once; the sign-on list says so while offline). For
 * the event's promoter staff and admins; another promoter's event, or a rider of no account of
 * their own nor a guardian's, answers as the domain says (404, or the reason shown).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import css from '@/components/desk/desk.module.css';
import { SubHeader } from '@/components/layout/SubHeader';
import { Alert } from '@/components/ui/Alert';
import { WaiverSignSection } from '@/components/waivers/WaiverSignSection';
import type { Locale } from '@/lib/config';
import { parseId } from '@/lib/contracts/ids';
import { AppError } from '@/lib/errors';
import { Link } from '@/lib/i18n/navigation';
import { authorize } from '@/lib/server/policy/authorize';
import { getSigningContext } from '@/lib/server/waivers';

type Props = { params: Promise<{ locale: Locale; id: string; participantId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk.signOn' });
  return { title: t('signTitle'), robots: { index: false, follow: false } };
}

export default async function SignOnWaiverPage({ params }: Props) {
  const { locale, id: raw, participantId: rawParticipant } = await params;
  setRequestLocale(locale);
  const eventId = parseId(raw);
  const participantId = parseId(rawParticipant);
  const path = `/desk/events/${raw}/sign-on/waiver/${rawParticipant}`;
  const viewer = await authorize('desk.open', null, path);
  if (eventId === null || participantId === null) notFound();
  const t = await getTranslations({ locale, namespace: 'desk.signOn' });
  const back = `/desk/events/${eventId}/sign-on`;
  const context = await getSigningContext(viewer, eventId, participantId, locale).catch(async (err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') notFound();
    if (err instanceof AppError && err.code === 'no_signatory_account') return null;
    throw err;
  });
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={t('signTitle')} parents={[{ label: t('title'), href: back }]} />
      <div className="container container-md">
        <p className={css.actions}>
          <Link href={back}>{t('backToList')}</Link>
        </p>
        {context === null ? (
          <Alert severity="warning">{t('noAccount')}</Alert>
        ) : context.state === 'signed' ? (
          <Alert severity="success">{t('alreadySigned', { name: context.coveredName })}</Alert>
        ) : context.state === 'rejected' ? (
          <Alert severity="error">{t('rejected')}</Alert>
        ) : (
          <>
            <p className={css.intro}>
              {context.signatoryRole === 'guardian' ? t('signForMinor', { signatory: context.signatoryName, name: context.coveredName, event: context.eventName }) : t('signSelf', { name: context.coveredName, event: context.eventName })}
            </p>
            <WaiverSignSection
              locale={locale}
              eventId={context.eventId}
              kind={context.kind}
              participantId={context.participantId}
              signatoryRole={context.signatoryRole}
              text={context.text}
              selfieRequired={context.selfieRequired}
              minorSignatureRequired={context.minorSignatureRequired}
              coveredName={context.coveredName}
              signedHref={back}
              titleClassName={css.formTitle}
            />
          </>
        )}
      </div>
    </>
  );
}
