/**
 * The registration tab (spec §2 Event page: registration; §3 Registration: counts,
 * registrants, classes, rows; §4 Registration status): what the status means for a rider
 * (open until a day, closed, done), the totals (cancelled registrations counted apart), the
 * classes offered with entry fee, age limits, capacity and spots left, and the registrations
 * as a phone-friendly table (race number and rider stay in view; cancelled ones marked).
 * Public fields only: never an email, phone or birthday. The registration flow itself comes
 * with its own issue, so there is no button here yet.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { formatCents, formatDate } from '@/lib/format';
import type { EventDetails, EventRegistration } from '@/lib/server/events';
import { getRegistrationCount, loadClasses, loadRows } from '@/lib/server/registration';
import css from '../event-page.module.css';
import { ageLimitKind } from '../event-format';

export async function RegistrationTab({ locale, event, registration }: { locale: Locale; event: EventDetails; registration: EventRegistration }) {
  const [count, classes, rows, t] = await Promise.all([
    getRegistrationCount(event.id),
    loadClasses(event.id),
    loadRows(event.id),
    getTranslations({ locale, namespace: 'eventPage' }),
  ]);
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
      <Alert severity={note.severity} sx={{ mb: 2 }}>
        {note.text}
      </Alert>

      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('registration.totals')}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {t('registration.registeredCount', { count: count.registered })}
        {count.cancelled > 0 && <> · {t('registration.cancelledCount', { count: count.cancelled })}</>}
      </Typography>

      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('registration.classes')}
      </Typography>
      {classes.length === 0 ? (
        <Typography sx={{ mb: 2 }}>{past ? t('registration.noClassesPast') : t('registration.noClasses')}</Typography>
      ) : (
        <Box sx={{ mb: 3 }}>
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
                      {c.description && <span className={css.desc}>{c.description}</span>}
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
        </Box>
      )}

      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('registration.riders')}
      </Typography>
      {rows.length === 0 ? (
        <Typography>{past ? t('registration.noRidersPast') : t('registration.noRiders')}</Typography>
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
                      {row.firstName} {row.lastName}
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
