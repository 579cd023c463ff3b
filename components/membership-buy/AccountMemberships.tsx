/**
 * The account's memberships and orders (issue 26 "a membership card in /account with a QR code
 * that an official can check"; "Renewal: the account shows when a membership ends"): a card per
 * membership of the holder and their minors — organization, name, type, class, permanent member
 * number, validity and its state in words, days left near the end with a Renew link — with a QR
 * code (an SVG drawn on the server by `qrcode`: no client code) carrying the signed check address;
 * then the holder's orders with their state, each linking to its page. Server component.
 */
import { getTranslations } from 'next-intl/server';
import QRCode from 'qrcode';
import styles from '@/components/account/profile/account.module.css';
import { namesIn } from '@/components/organizations/names';
import ui from '@/components/ui/ui.module.css';
import { BASE_PATH, type Locale } from '@/lib/config';
import { formatCents, formatDate, formatDateTime } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { OrderListItem } from '@/lib/server/checkout/server';
import { siteOrigin } from '@/lib/server/config/env';
import type { MembershipCard } from '@/lib/server/membership-sales';
import buy from './buy.module.css';

/** Days before the end from which a card says how many are left and offers to renew. */
const RENEW_FROM_DAYS = 30;

/** The QR code of `token`'s check address, as an SVG document. */
async function qrSvg(token: string): Promise<string> {
  return QRCode.toString(`${siteOrigin()}${BASE_PATH}/membership/check/${token}`, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
}

export async function AccountMemberships({ locale, cards, orders }: { locale: Locale; cards: MembershipCard[]; orders: OrderListItem[] }) {
  const [t, to, nameOf] = await Promise.all([getTranslations({ locale, namespace: 'membershipBuy.cards' }), getTranslations({ locale, namespace: 'membershipBuy' }), namesIn(locale)]);
  const svgs = await Promise.all(cards.map((c) => (c.state === 'expired' ? null : qrSvg(c.token))));
  return (
    <>
      {cards.length ? (
          <ul className={buy.cards}>
            {cards.map((card, i) => (
              <li key={card.membershipId} className={`${buy.card} ${card.state === 'expired' ? buy.cardExpired : ''}`}>
                <span className={buy.cardOrg}>{nameOf({ name: card.organizationName, names: card.organizationNames })}</span>
                <div>
                  <p className={buy.cardName}>
                    {card.firstName} {card.lastName}
                  </p>
                  {card.self ? null : <span className={buy.note}>{t('minor')}</span>}
                </div>
                {svgs[i] ? (
                  // The QR code: an SVG this server drew from the card's signed address (no user text in it).
                  <div className={buy.qr} role="img" aria-label={t('qr')} dangerouslySetInnerHTML={{ __html: svgs[i]! }} />
                ) : null}
                <div>
                  <span className={buy.note}>{t('number')}</span>
                  <div className={buy.cardNumber}>{card.number}</div>
                </div>
                <div>
                  {nameOf({ name: card.typeName, names: card.typeNames })}
                  {card.className ? ` · ${t('class')} ${card.className}` : ''}
                </div>
                <div>
                  <span className={`${buy.badge} ${buy[card.state]}`}>{t(`state.${card.state}`)}</span>{' '}
                  {card.state === 'upcoming' ? t('validFrom', { date: formatDate(card.validFrom, locale) }) : t('validUntil', { date: formatDate(card.validUntil, locale) })}
                  {card.daysLeft !== null && card.daysLeft <= RENEW_FROM_DAYS ? <> · {t('endsIn', { days: card.daysLeft })}</> : null}
                </div>
                {(card.state === 'expired' || (card.daysLeft !== null && card.daysLeft <= RENEW_FROM_DAYS)) && !card.renewed ? (
                  <Link href={{ pathname: '/account/membership', query: { type: card.typeId, for: card.participantId } }}>{t('renew')}</Link>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t('none')}</p>
        )}
        {cards.some((c) => c.state !== 'expired') ? <p className={buy.note}>{t('qrHint')}</p> : null}
        <p>
          <Link href="/account/membership" className={`${ui.button} ${ui.contained}`}>
            {t('buy')}
          </Link>
        </p>
      {orders.length ? (
        <>
          <h3 id="orders-title" className={styles.subTitle}>
            {to('orders.title')}
          </h3>
          <table className={buy.summary}>
            <thead>
              <tr>
                <th scope="col">{to('orders.date')}</th>
                <th scope="col">{to('orders.what')}</th>
                <th scope="col" className={buy.amount}>
                  {to('orders.total')}
                </th>
                <th scope="col">{to('orders.state')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.publicId}>
                  <td>
                    <Link href={`/account/orders/${o.publicId}`}>{formatDateTime(o.createdAt, locale)}</Link>
                  </td>
                  <td>{o.lines.join(', ')}</td>
                  <td className={buy.amount}>{formatCents(o.summary.totalCents, locale)}</td>
                  <td>{to(`order.state.${o.summary.state}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </>
  );
}
