/**
 * /membership/check/{token}: what an official sees after scanning a membership card's QR code
 * (issue 26 "a membership card in /account with a QR code that an official can check"): the
 * card's state today in large words (Valid, Not yet valid, Expired, or Not a valid card for a
 * forged or altered code) with the holder's name, organization, membership, class, club, member
 * number and period — nothing the public member list does not show. Officials, promoter staff
 * and federation admins (`members.check`); others are sent to log in, or get the not-found page.
 * Never cached, not indexed.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import buy from '@/components/membership-buy/buy.module.css';
import { namesIn } from '@/components/organizations/names';
import type { Locale } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { formatDate, formatDateTime } from '@/lib/format';
import { checkCard, type CardCheck } from '@/lib/server/membership-sales';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale; token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, token } = await params;
  const t = await getTranslations({ locale, namespace: 'membershipBuy.check' });
  return { ...(await pageMetadata(locale, `/membership/check/${token}`, t('title'))), robots: { index: false, follow: false } };
}

export default async function CheckCardPage({ params }: Props) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const path = `/membership/check/${token}`;
  const official = await authorize('members.check', null, path);
  const [t, nameOf] = await Promise.all([getTranslations({ locale, namespace: 'membershipBuy.check' }), namesIn(locale)]);
  let card: CardCheck | null = null;
  try {
    card = await checkCard(official, decodeURIComponent(token));
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'invalid_card') throw err;
  }
  const state = card?.state ?? 'invalid';
  const tone = state === 'valid' ? buy.valid : state === 'upcoming' ? buy.upcoming : buy.expired;
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={t('title')} />
      <div className="container container-md">
        <div className={`${buy.check} ${tone}`} role="status" data-state={state}>
          <p className={buy.checkState}>{t(state)}</p>
          {card ? (
            <p className={buy.cardName}>
              {card.firstName} {card.lastName}
            </p>
          ) : (
            <p>{t('invalidText')}</p>
          )}
        </div>
        {card ? (
          <dl className={buy.facts}>
            <dt>{t('number')}</dt>
            <dd className={buy.cardNumber}>{card.number}</dd>
            <dt>{t('organization')}</dt>
            <dd>{nameOf({ name: card.organizationName, names: card.organizationNames })}</dd>
            <dt>{t('type')}</dt>
            <dd>{nameOf({ name: card.typeName, names: card.typeNames })}</dd>
            {card.className ? (
              <>
                <dt>{t('class')}</dt>
                <dd>{card.className}</dd>
              </>
            ) : null}
            {card.clubName ? (
              <>
                <dt>{t('club')}</dt>
                <dd>{card.clubName}</dd>
              </>
            ) : null}
            <dt>{t('period')}</dt>
            <dd>{t('periodValue', { from: formatDate(card.validFrom, locale), until: formatDate(card.validUntil, locale) })}</dd>
          </dl>
        ) : null}
        <p className={buy.note}>{t('checkedAt', { time: formatDateTime(new Date(), locale) })}</p>
      </div>
    </>
  );
}
