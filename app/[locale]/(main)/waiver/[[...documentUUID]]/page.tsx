/**
 * /waiver/{documentUUID?} (spec §2; issue 28 "each adult signs their own waiver, on the same phone
 * or by an emailed link to /waiver/{documentUUID}"; spec §4 Waiver: signed, not signed, rejected;
 * §8 Spectator): the page an adult spectator opens from the link the buyer had emailed to them
 * (lib/server/spectators `sendWaiverLink`, in the registration's language). No login: the link's
 * signing id is the capability (lib/server/spectators `getSpectatorWaiverByLink`).
 *
 * - no id: how to get a link (the buyer sends it; the buyer signs their own and their minors'
 *   while buying);
 * - a malformed or unknown id, more than one segment, a removed spectator or a minor's link: the
 *   not-found page, 'The record was not found' (./not-found.tsx);
 * - signed: "Your waiver is signed" with the event (and "Signed, thank you!" right after signing:
 *   the form comes back here with `?waiver={documentId}`);
 * - rejected: 'This waiver was rejected and cannot be signed'; a canceled purchase: nothing to sign;
 * - not signed: who signs and where the PDF goes, the text, and the signing form (components/waivers
 *   `WaiverSignSection`, posting `POST /api/v1/spectators/waivers/{signingId}`; the selfie first
 *   when the event asks).
 *
 * Not indexed; rendered per request (the state changes); phone first; the text in the page's
 * language (the link carries the registration's language prefix).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { SubHeader } from '@/components/layout/SubHeader';
import { Alert } from '@/components/ui/Alert';
import { WaiverSignSection } from '@/components/waivers/WaiverSignSection';
import type { Locale } from '@/lib/config';
import { firstParam, type SearchParams } from '@/lib/contracts/search-params';
import { AppError } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { getSpectatorWaiverByLink } from '@/lib/server/spectators';
import css from './waiver.module.css';

type Props = { params: Promise<{ locale: Locale; documentUUID?: string[] }>; searchParams: Promise<SearchParams> };

const PATH = '/waiver';

/** The signing id of the route (null without one); 404 for more than one segment. */
function routeId(segments: string[] | undefined): string | null {
  if (!segments?.length) return null;
  if (segments.length > 1) notFound();
  return segments[0]!;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, documentUUID } = await params;
  const t = await getTranslations({ locale, namespace: 'spectatorWaiver' });
  return { title: routeId(documentUUID) === null ? t('noLinkTitle') : t('title'), robots: { index: false, follow: false } };
}

export default async function SpectatorWaiverPage({ params, searchParams }: Props) {
  const { locale, documentUUID } = await params;
  setRequestLocale(locale);
  const signingId = routeId(documentUUID);
  const t = await getTranslations({ locale, namespace: 'spectatorWaiver' });

  if (signingId === null) {
    return (
      <>
        <SubHeader locale={locale} path={PATH} fallback={t('noLinkTitle')} />
        <div className={`container ${css.column}`}>
          <p>{t('noLink')}</p>
          <p>{t('noLinkBuyer')}</p>
          <p>{t('noLinkMissing')}</p>
        </div>
      </>
    );
  }

  const waiver = await getSpectatorWaiverByLink(signingId, locale).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'spectator_not_found') notFound();
    throw err;
  });
  const justSigned = firstParam((await searchParams).waiver) !== '';
  const facts = { name: waiver.signatoryName, event: waiver.eventName, day: formatDate(waiver.day, locale), email: waiver.email ?? '' };
  const path = `${PATH}/${signingId}`;

  let body;
  if (waiver.state === 'signed') {
    body = (
      <Alert severity="success" title={t('signedTitle')} data-testid="waiver-signed">
        {justSigned ? t('thanks', facts) : t('signedBody', facts)}
      </Alert>
    );
  } else if (waiver.state === 'rejected') {
    body = (
      <Alert severity="error" title={t('rejected')}>
        {t('rejectedHelp')}
      </Alert>
    );
  } else if (waiver.canceled) {
    body = <Alert severity="warning">{t('canceled')}</Alert>;
  } else {
    body = (
      <>
        <p className={css.intro}>{t('intro', facts)}</p>
        <div>
          <WaiverSignSection
            locale={locale}
            eventId={waiver.eventId}
            kind="spectator"
            participantId={0}
            signatoryRole="self"
            text={waiver.text}
            selfieRequired={waiver.selfieRequired}
            minorSignatureRequired={false}
            coveredName={waiver.coveredName}
            signedHref={path}
            postPath={`/spectators/waivers/${encodeURIComponent(signingId)}`}
            titleClassName={css.title}
          />
        </div>
      </>
    );
  }
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={t('title')} />
      <div className={`container ${css.column}`}>
        <p className={css.intro}>
          <strong>{waiver.eventName}</strong> · {formatDate(waiver.day, locale)}
        </p>
        {body}
      </div>
    </>
  );
}
