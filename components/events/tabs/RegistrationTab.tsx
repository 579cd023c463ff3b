/**
 * The registration tab (spec §2 Event page: registration; §3 Registration: counts,
 * registrants, classes, rows; §4 Registration status): what the status means for a rider
 * (open until a day, closed, done), the totals (cancelled registrations counted apart), the
 * classes offered with entry fee, age limits, capacity and spots left, and the registrations
 * as a phone-friendly table (race number and rider stay in view; cancelled ones marked).
 * Public fields only: never an email, phone or birthday (each class's start grid is on the start
 * grid tab: components/event-registration/ClassStartGrids.tsx). While registration is open, a button
 * leads to the registration itself (/events/{id}/register, issue 27). Plain HTML from the server (issue 23:
 * MUI's Alert and Typography before; the note keeps the Alert's `role="alert"` and icon).
 */
import { getTranslations } from 'next-intl/server';
import { Icon } from '@/components/ui/Icon';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { formatCents, formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { EventDetails, EventRegistration } from '@/lib/server/events';
import { inLocale } from '@/lib/contracts/translations';
import { getRegistrationCount, loadClasses, loadRows } from '@/lib/server/registration';
import css from '../event-page.module.css';
import { ageLimitKind } from '../event-format';
import { personName } from '@/lib/format/person-name';

/** MUI Alert's icons (SuccessOutlined, InfoOutlined, ReportProblemOutlined) and looks, by severity. */
const NOTE = {
  success: {
    className: ui.alertSuccess,
    icon: css.iconSuccess,
    path: 'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2,4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z',
  },
  info: {
    className: ui.alertInfo,
    icon: css.iconInfo,
    path: 'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z',
  },
  warning: {
    className: ui.alertWarning,
    icon: css.iconWarning,
    path: 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
  },
} as const;

export async function RegistrationTab({ locale, event, registration }: { locale: Locale; event: EventDetails; registration: EventRegistration }) {
  const [count, classes, rows, t, common] = await Promise.all([getRegistrationCount(event.id), loadClasses(event.id), loadRows(event.id), getTranslations({ locale, namespace: 'eventPage' }), getTranslations({ locale, namespace: 'common' })]);
  const past = registration.status === 'done';
  const lastDay = registration.lastDay ? formatDate(registration.lastDay, locale) : '';
  const note =
    registration.status === 'open'
      ? { severity: 'success' as const, text: t('registration.openUntil', { date: lastDay }) }
      : registration.status === 'done'
        ? { severity: 'info' as const, text: event.isComplete ? t('registration.doneComplete') : t('registration.done') }
        : { severity: 'warning' as const, text: registration.lastDay ? t('registration.closedOn', { date: lastDay }) : t('registration.notOnline') };
  const ages = (min: number | null, max: number | null) => {
    const kind = ageLimitKind(min, max);
    return kind === 'none' ? t('registration.allAges') : t(`registration.ages.${kind}`, { min: min ?? 0, max: max ?? 0 });
  };
  return (
    <>
      <div role="alert" className={`${ui.alert} ${NOTE[note.severity].className} ${css.alert}`}>
        <Icon path={NOTE[note.severity].path} size={22} className={NOTE[note.severity].icon} />
        <div>{note.text}</div>
      </div>
      {registration.status === 'open' ? (
        <p>
          <Link href={`/events/${event.id}/register`} className={`${ui.button} ${ui.contained}`}>
            {t('registration.register')}
          </Link>
        </p>
      ) : null}

      <h3 className={`${css.subhead} ${css.tight}`}>{t('registration.totals')}</h3>
      <p className={css.text}>
        {t('registration.registeredCount', { count: count.registered })}
        {count.waiting > 0 && <> · {t('registration.waitingCount', { count: count.waiting })}</>}
        {count.cancelled > 0 && <> · {t('registration.cancelledCount', { count: count.cancelled })}</>}
      </p>

      <h3 className={css.subhead}>{t('registration.classes')}</h3>
      {classes.length === 0 ? (
        <p className={css.text}>{past ? t('registration.noClassesPast') : t('registration.noClasses')}</p>
      ) : (
        <div className={css.block}>
          <div className={css.scroller} role="region" aria-label={t('registration.classes')} tabIndex={0}>
            <table className={css.table}>
              <thead>
                <tr>
                  <th scope="col" className={`${css.name} ${css.solo}`}>
                    {t('registration.class')}
                  </th>
                  <th scope="col" className={css.num}>
                    {t('registration.fee')}
                  </th>
                  <th scope="col">{t('registration.agesHeader')}</th>
                  <th scope="col" className={css.num}>
                    {t('registration.registered')}
                  </th>
                  <th scope="col" className={css.num}>
                    {t('registration.spotsLeft')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {classes.map((c) => (
                  <tr key={c.classId}>
                    <th scope="row" className={`${css.name} ${css.solo}`}>
                      {c.name}
                      {c.description && <span className={css.desc}>{inLocale(c.description, c.descriptions, locale)}</span>}
                    </th>
                    <td className={css.num}>{c.feeCents === 0 ? t('registration.free') : formatCents(c.feeCents, locale)}</td>
                    <td>{ages(c.minAge, c.maxAge)}</td>
                    <td className={css.num}>{c.capacity === null ? c.registered : t('registration.ofCapacity', { registered: c.registered, capacity: c.capacity })}</td>
                    <td className={css.num}>{c.spotsLeft === null ? t('registration.noLimit') : c.spotsLeft === 0 ? t('registration.full') : c.spotsLeft}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      <h3 className={css.subhead}>{t('registration.riders')}</h3>
      {rows.length === 0 ? (
        <p className={css.none}>{past ? t('registration.noRidersPast') : t('registration.noRiders')}</p>
      ) : (
        <div className={css.scroller} role="region" aria-label={t('registration.riders')} tabIndex={0}>
          <table className={css.table} data-testid="registration-rows">
            <thead>
              <tr>
                <th scope="col" className={`${css.first} ${css.num}`}>
                  {t('number')}
                </th>
                <th scope="col" className={css.name}>
                  {t('rider')}
                </th>
                <th scope="col">{t('registration.status')}</th>
                <th scope="col">{t('registration.class')}</th>
                <th scope="col">{t('registration.brand')}</th>
                <th scope="col">{t('registration.from')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={row.status === 'cancelled' ? css.cancelled : undefined} data-status={row.status}>
                  <td className={`${css.first} ${css.num}`}>{row.number ?? ''}</td>
                  <th scope="row" className={css.name}>
                    <span className={css.rider}>
                      {personName(row.firstName, row.lastName, common('formerMember'))}
                    </span>
                  </th>
                  <td>{t(`registration.states.${row.status}`)}</td>
                  <td>{row.className}</td>
                  <td>{row.brand ?? ''}</td>
                  <td>{[row.city, row.state].filter(Boolean).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

    </>
  );
}
