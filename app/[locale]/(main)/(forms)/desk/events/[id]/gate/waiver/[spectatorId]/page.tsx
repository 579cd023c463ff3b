/**
 * /desk/events/{id}/gate/waiver/{spectatorId}: a spectator's missing waiver signed at the gate on
 * the official's tablet (issue 28 "a missing waiver is signed there"; spec §4 Waiver, §5
 * Spectator, §8 Spectator). The gate scanner's "waiver missing" answer links here
 * (components/desk/GateScanner.tsx). The official hands the tablet to the spectator (an adult signs
 * for themself) or, for a minor, to the registration's buyer as parent or guardian, and is the
 * document's witness; the sealed document's PDF goes to the signatory by email (lib/server/waivers
 * `signSpectatorWaiver` with a `witness` signer, through
 * `POST /api/v1/desk/events/{id}/gate/spectators/{spectatorId}/waivers`). Once signed, back to the
 * gate scanner, where the official scans the ticket again. Needs the connection (the images are
 * sent at once; this page is not kept offline). For whoever may scan the event's tickets (policy
 * `tickets.scan`: the event's promoter staff, officials, admins); another promoter's event or an
 * unknown spectator answers 404; without a login, the login page and back.
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
import { formatDate } from '@/lib/format';
import { Link, redirect } from '@/lib/i18n/navigation';
import { currentPrincipal } from '@/lib/server/policy/authorize';
import { getGateSigningContext } from '@/lib/server/spectators';

type Props = { params: Promise<{ locale: Locale; id: string; spectatorId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'spectatorWaiver' });
  return { title: t('gateTitle'), robots: { index: false, follow: false } };
}

export default async function GateWaiverPage({ params }: Props) {
  const { locale, id: raw, spectatorId } = await params;
  setRequestLocale(locale);
  const eventId = parseId(raw);
  const path = `/desk/events/${raw}/gate/waiver/${spectatorId}`;
  const viewer = await currentPrincipal();
  if (eventId === null) notFound();
  const context = await getGateSigningContext(viewer, eventId, spectatorId, locale).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'unauthenticated') return redirect({ href: { pathname: '/login', query: { next: path } }, locale });
    if (err instanceof AppError && (err.code === 'not_found' || err.code === 'spectator_not_found')) notFound();
    throw err;
  });
  const [t, tg] = await Promise.all([getTranslations({ locale, namespace: 'spectatorWaiver' }), getTranslations({ locale, namespace: 'desk.gate' })]);
  const back = `/desk/events/${eventId}/gate`;
  const facts = { name: context.coveredName, signatory: context.signatoryName, event: context.eventName, day: formatDate(context.day, locale), email: context.email ?? '' };
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={t('gateTitle')} parents={[{ label: `${tg('title')} — ${context.eventName}`, href: back }]} />
      <div className="container container-md">
        <p className={css.actions}>
          <Link href={back}>{t('backToGate')}</Link>
        </p>
        {context.state === 'signed' ? (
          <Alert severity="success">{t('gateSigned', facts)}</Alert>
        ) : context.state === 'rejected' ? (
          <Alert severity="error">{t('rejected')}</Alert>
        ) : context.canceled ? (
          <Alert severity="warning">{t('gateCanceled')}</Alert>
        ) : (
          <>
            <p className={css.intro}>{context.signatoryRole === 'guardian' ? t('gateGuardian', facts) : t('gateSelf', facts)}</p>
            <Alert severity="info" role="status">
              {t('needsConnection')}
            </Alert>
            <WaiverSignSection
              locale={locale}
              eventId={context.eventId}
              kind="spectator"
              participantId={0}
              signatoryRole={context.signatoryRole}
              text={context.text}
              selfieRequired={context.selfieRequired}
              minorSignatureRequired={context.minorSignatureRequired}
              coveredName={context.coveredName}
              signedHref={back}
              postPath={`/desk/events/${eventId}/gate/spectators/${encodeURIComponent(context.spectatorId)}/waivers`}
              titleClassName={css.formTitle}
            />
          </>
        )}
      </div>
    </>
  );
}
