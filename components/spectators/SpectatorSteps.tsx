/**
 * /spectator/{eventId} (issue 28 "The four steps"; spec §2 /spectator/{id?}, §4 Spectator
 * registration, §5 Spectator, §6, §8 Spectator): the buyer's spectator tickets in four steps,
 * each server-rendered, the address carrying the registration (`?r={registrationId}&step=2`):
 * 1. buyer information — a visitor gets the login (back here after) or buys without an account:
 *    their details and a password (`PersonForm` mode `account`, posting
 *    `POST /registration/spectator`) open a spectator account and this registration, and step 2
 *    then asks them to verify the email (the mailed link leads back; a new link can be asked for)
 *    before anything is signed or paid; a promoter or another account type gets the spec's refusal at once; a
 *    Participant or Spectator gets the form filled from their account (`buyerDefaults`), with the
 *    event's day when it has several (./SpectatorForms `PersonForm`, posting
 *    `POST /spectators/registrations`);
 * 2. the buyer's own waiver — the event's spectator waiver text and the signing form
 *    (components/waivers/WaiverSignSection, posting to the spectator's waiver route);
 * 3. spectators — each with their price and waiver state; "Sign here" (`&sign={spectatorId}`: that
 *    person's waiver on this phone: the buyer as parent or guardian of a minor, an adult themself),
 *    "Send the waiver link by email" (adults), "Remove" (not the buyer); the add form; "Continue to
 *    payment" only once every waiver is signed, else 'You must send the waiver before you can
 *    continue';
 * 4. summary and payment — `quoteSpectatorRegistration` (a line per spectator, children free, the
 *    promo code as a GET parameter, each tax named, the total), at the gate (when the event
 *    allows it) or by card, and one button (components/membership-buy PayButton) posting
 *    `…/submit` with the submission id carried in the address: the gate goes to the thank-you
 *    page at once, a card to Stripe's page.
 * A registration with an order, or ended, goes to its thank-you page. Personal: rendered per
 * request.
 */
import { randomUUID } from 'node:crypto';
import { getTranslations } from 'next-intl/server';
import styles from '@/components/account/profile/account.module.css';
import { checkoutErrorTexts, CHECKOUT_CALL_ERRORS } from '@/components/membership-buy/error-texts';
import { PayButtonIsland } from '@/components/membership-buy/islands';
import { Steps } from '@/components/membership-buy/Steps';
import buy from '@/components/membership-buy/buy.module.css';
import { QuoteTable } from '@/components/membership-buy/QuoteTable';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import { WaiverSignSection } from '@/components/waivers/WaiverSignSection';
import { getWaiverSettings } from '@/lib/cms/waivers';
import type { Locale } from '@/lib/config';
import { firstParam } from '@/lib/contracts/search-params';
import type { SpectatorQuote, SpectatorRegistrationView, SpectatorView } from '@/lib/contracts/spectators';
import { AppError, ERRORS } from '@/lib/errors';
import { formatCents, formatDate } from '@/lib/format';
import { Link, redirect } from '@/lib/i18n/navigation';
import { taxLabeller } from '@/lib/server/checkout/server';
import { paymentProvider } from '@/lib/server/payments/provider';
import type { Viewer } from '@/lib/server/policy';
import { buyerDefaults, eventDays, getSpectatorRegistration, quoteSpectatorRegistration, type TicketEvent } from '@/lib/server/spectators';
import { asDiscipline, getWaiverText } from '@/lib/server/waivers';
import { ResendVerificationButtonIsland } from '@/components/account/security/islands';
import { getAccountSecurity } from '@/lib/server/accounts';
import { PersonFormIsland, SpectatorActionIsland } from './islands';
import { personLabels } from './person-labels';
import css from './spectators.module.css';

type Search = Record<string, string | string[] | undefined>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The codes step 1 and step 3's forms may be refused with. */
const PERSON_ERRORS = [
  'adults_only',
  'promoters_not_allowed',
  'account_type_not_allowed',
  'spectator_already_registered',
  'spectator_email_exists',
  'spectator_registration_closed',
  'null_spectator_email',
  'null_entries',
  'invalid_birthday',
  'invalid_first_name',
  'invalid_last_name',
  'invalid_gender',
  'invalid_email',
  'null_email',
  'invalid_event_day',
  'event_not_found',
  'email_not_verified',
  'unauthenticated',
] as const;

/** A password's refusals (step 1 of a visitor: texts `accountFields.errors.*`). */
const PASSWORD_ERRORS = ['null_password', 'invalid_password_length', 'invalid_password_letter_digit', 'invalid_password_confirmation'] as const;

/** The codes paying may be refused with. */
const PAY_ERRORS = [...CHECKOUT_CALL_ERRORS, 'waivers_not_signed', 'spectator_already_registered', 'null_spectators', 'tickets_sold_out', 'gate_payment_unavailable', 'spectator_registration_closed', 'account_type_not_allowed', 'promoters_not_allowed'] as const;

export interface SpectatorStepsProps {
  locale: Locale;
  event: TicketEvent;
  viewer: Viewer;
  search: Search;
}

/** The catalogue's text of `err` (an AppError), or null for another failure. */
async function refusalText(locale: Locale, err: unknown): Promise<string | null> {
  if (!(err instanceof AppError)) return null;
  const te = await getTranslations({ locale, namespace: 'errors' });
  return err.code in ERRORS ? te(err.code as keyof typeof ERRORS) : null;
}

export async function SpectatorSteps({ locale, event, viewer, search }: SpectatorStepsProps) {
  const [t, tf] = await Promise.all([getTranslations({ locale, namespace: 'spectatorPages' }), getTranslations({ locale, namespace: 'accountFields' })]);
  const base = `/spectator/${event.id}`;
  const stepLabels = (['buyer', 'waiver', 'spectators', 'payment'] as const).map((s) => t(`steps.${s}`));
  const header = (current: number) => <Steps label={t('stepsLabel')} steps={stepLabels} current={current} />;
  const te = await getTranslations({ locale, namespace: 'errors' });

  // Who may buy (spec §6): a refusal at once, without the form.
  // A visitor: log in (back here after), or buy without an account, which opens a spectator
  // account whose email is verified before step 2 (issue 28).
  if (viewer === null) {
    const query = new URLSearchParams(Object.entries(search).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
    const next = query.size ? `${base}?${query}` : base;
    const [errors, passwordErrors] = await Promise.all([checkoutErrorTexts(locale, [...PERSON_ERRORS, 'email_taken', 'too_many_attempts']), getTranslations({ locale, namespace: 'accountFields.errors' })]);
    const days = eventDays(event.startDate, event.endDate).map((d) => ({ value: d, label: formatDate(d, locale) }));
    const askedDay = firstParam(search.day);
    return (
      <>
        {header(1)}
        <h2 className={styles.sectionTitle}>{t('buyer.title')}</h2>
        <Alert
          severity="info"
          role="status"
          title={t('login.title')}
          action={
            <Link href={{ pathname: '/login', query: { next } }} className={`${ui.button} ${ui.outlined}`}>
              {t('login.action')}
            </Link>
          }
        >
          {t('login.body')}
        </Alert>
        <h3 className={`${styles.sectionTitle} ${css.orAccount}`}>{t('account.title')}</h3>
        <p className={buy.note}>{t('account.intro')}</p>
        {days.length === 1 ? <p>{t('buyer.day', { day: days[0]!.label })}</p> : null}
        <PersonFormIsland
          mode="account"
          path="/registration/spectator"
          eventId={event.id}
          days={days}
          locale={locale}
          defaults={{ day: days.some((d) => d.value === askedDay) ? askedDay : null }}
          nextHref={`${base}?r={id}&step=2`}
          labels={{ ...(await personLabels(locale)), emailHint: t('buyer.emailHint'), submit: t('account.submit'), password: tf('password'), passwordConfirmation: tf('passwordConfirmation'), passwordHint: t('account.passwordHint') }}
          errors={{
            ...errors,
            email_taken: t('account.emailTaken'),
            ...Object.fromEntries(PASSWORD_ERRORS.map((code) => [code, passwordErrors(code)])),
          }}
          fallback={t('failed')}
        />
      </>
    );
  }
  if (viewer.role === 'promoter' || (viewer.role !== 'participant' && viewer.role !== 'spectator')) {
    return (
      <>
        {header(1)}
        <Alert severity="error" data-testid="spectator-refused">
          {te(viewer.role === 'promoter' ? 'promoters_not_allowed' : 'account_type_not_allowed')}
        </Alert>
      </>
    );
  }

  const registrationId = firstParam(search.r);
  let registration: SpectatorRegistrationView | null = null;
  if (registrationId) {
    try {
      registration = UUID.test(registrationId) ? await getSpectatorRegistration(viewer, registrationId) : null;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
    if (!registration || registration.eventId !== event.id) {
      return (
        <>
          {header(1)}
          <Alert severity="error" action={<Link href={base}>{t('startAgain')}</Link>}>
            {te('spectator_not_found')}
          </Alert>
        </>
      );
    }
    // Ordered, complete or canceled: the thank-you page says where it stands.
    if (registration.order !== null || registration.state !== 'open') redirect({ href: `/thank-you-page/spectator/${registration.id}`, locale });
  }

  // Step 1: the buyer.
  if (!registration) {
    const [defaults, errors] = await Promise.all([buyerDefaults(viewer), checkoutErrorTexts(locale, PERSON_ERRORS)]);
    const days = eventDays(event.startDate, event.endDate).map((d) => ({ value: d, label: formatDate(d, locale) }));
    const askedDay = firstParam(search.day);
    return (
      <>
        {header(1)}
        <h2 className={styles.sectionTitle}>{t('buyer.title')}</h2>
        <p className={buy.note}>{t('buyer.intro')}</p>
        {days.length === 1 ? <p>{t('buyer.day', { day: days[0]!.label })}</p> : null}
        <PersonFormIsland
          mode="start"
          path="/spectators/registrations"
          eventId={event.id}
          days={days}
          locale={locale}
          defaults={{ ...defaults, day: days.some((d) => d.value === askedDay) ? askedDay : null }}
          nextHref={`${base}?r={id}&step=2`}
          labels={{ ...(await personLabels(locale)), emailHint: t('buyer.emailHint'), submit: t('buyer.submit') }}
          errors={errors}
          fallback={t('failed')}
        />
      </>
    );
  }

  const reg = registration;
  const at = (extra: Record<string, string>) => `${base}?${new URLSearchParams({ r: reg.id, ...extra })}`;
  const buyer = reg.spectators.find((s) => s.isBuyer) ?? null;
  const askedStep = firstParam(search.step);
  const signFor = reg.spectators.find((s) => s.id === firstParam(search.sign)) ?? null;
  const wantsPayment = askedStep === '4';
  const stepNo = askedStep === '3' || (wantsPayment && !reg.allSigned) || (askedStep !== '2' && askedStep !== '4') ? 3 : wantsPayment ? 4 : 2;

  /** The waiver form of `person` on this phone, back to `backHref` once signed. */
  const waiverForm = async (person: SpectatorView, backHref: string) => {
    if (person.waiver.state === 'rejected') return <Alert severity="error">{te('waiver_rejected')}</Alert>;
    const [text, settings] = await Promise.all([getWaiverText('spectator', locale, asDiscipline(event.discipline)), person.minor ? getWaiverSettings().catch(() => null) : null]);
    const name = `${person.firstName} ${person.lastName}`;
    return (
      <WaiverSignSection
        locale={locale}
        eventId={event.id}
        kind="spectator"
        participantId={0}
        signatoryRole={person.minor ? 'guardian' : 'self'}
        text={text}
        selfieRequired={reg.selfieRequired}
        minorSignatureRequired={person.minor && settings?.minorSignature === true}
        coveredName={name}
        signedHref={backHref}
        titleClassName={styles.sectionTitle}
        postPath={`/spectators/registrations/${reg.id}/spectators/${person.id}/waiver`}
      />
    );
  };

  // An account opened by buying (issue 28): nothing is signed or paid before its email is verified;
  // the mailed link leads back to step 2.
  if (!viewer.emailVerified) {
    const security = await getAccountSecurity(viewer.userId);
    return (
      <>
        {header(2)}
        {facts(t, reg, locale)}
        <Alert severity="info" role="status" title={t('verify.title')} data-testid="spectator-verify-email">
          {t('verify.body', { email: security?.email ?? buyer?.email ?? '' })}
        </Alert>
        <ResendVerificationButtonIsland email={security?.email ?? buyer?.email ?? ''} next={at({ step: '2' })} />
      </>
    );
  }

  // Step 2: the buyer's own waiver.
  if (stepNo === 2) {
    const signed = buyer?.waiver.state === 'signed';
    return (
      <>
        {header(2)}
        {facts(t, reg, locale)}
        {!buyer ? (
          <Alert severity="error">{te('spectator_not_found')}</Alert>
        ) : signed ? (
          <>
            <Alert severity="success" role="status">
              {t('waiver.signedAlready')}
            </Alert>
            <div className={buy.actions}>
              <Link href={at({ step: '3' })} className={`${ui.button} ${ui.contained} ${ui.large}`}>
                {t('waiver.next')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p>{t('waiver.intro')}</p>
            {await waiverForm(buyer, at({ step: '3' }))}
          </>
        )}
      </>
    );
  }

  // Step 3, one person's waiver on this phone.
  if (stepNo === 3 && signFor && signFor.waiver.state !== 'signed') {
    const name = `${signFor.firstName} ${signFor.lastName}`;
    return (
      <>
        {header(3)}
        <p>{signFor.isBuyer ? t('waiver.intro') : signFor.minor ? t('sign.guardian', { name }) : t('sign.adult', { name })}</p>
        {await waiverForm(signFor, at({ step: '3' }))}
        <p>
          <Link href={at({ step: '3' })}>{t('sign.back')}</Link>
        </p>
      </>
    );
  }

  // Step 3: the spectators.
  if (stepNo === 3) {
    const [personErrors, actionErrors] = await Promise.all([checkoutErrorTexts(locale, PERSON_ERRORS), checkoutErrorTexts(locale, ['spectator_registration_closed', 'spectator_not_found', 'too_many_attempts', 'rate_limited', 'unauthenticated'])]);
    return (
      <>
        {header(3)}
        {facts(t, reg, locale)}
        {wantsPayment ? (
          <Alert severity="error" data-testid="waivers-not-signed">
            {te('waivers_not_signed')}
          </Alert>
        ) : null}
        <h2 className={styles.sectionTitle}>{t('list.title')}</h2>
        <ul className={css.people} data-testid="spectator-list">
          {reg.spectators.map((s) => (
            <li key={s.id} id={`spectator-${s.id}`} className={css.person}>
              <div className={css.personTop}>
                <span className={css.name}>
                  {s.firstName} {s.lastName}
                  {s.isBuyer ? ` (${t('list.you')})` : ''}
                </span>
                <span className={buy.price}>{s.priceCents === 0 ? t('free') : formatCents(s.priceCents, locale)}</span>
              </div>
              <p className={css.meta}>
                {[t('list.age', { age: s.age }), s.email, t(`list.waiver.${s.waiver.state}`)].filter(Boolean).join(' · ')}
                {s.waiver.state === 'signed' && s.waiver.signatoryName ? ` (${t('list.signedBy', { name: s.waiver.signatoryName })})` : ''}
              </p>
              <div className={ui.row}>
                {s.waiver.state === 'not_signed' ? (
                  <Link href={at({ step: '3', sign: s.id })} className={`${ui.button} ${ui.contained} ${ui.small}`}>
                    {t('list.signHere')}
                  </Link>
                ) : null}
                {s.waiver.state === 'not_signed' && s.signedBy === 'adult' && s.email ? (
                  <SpectatorActionIsland
                    path={`/spectators/registrations/${reg.id}/spectators/${s.id}/waiver-link`}
                    method="post"
                    label={t('list.sendLink')}
                    busyLabel={t('busy')}
                    doneLabel={t('list.sent', { email: s.email })}
                    errors={actionErrors}
                    fallback={t('failed')}
                  />
                ) : null}
                {!s.isBuyer ? (
                  <SpectatorActionIsland path={`/spectators/registrations/${reg.id}/spectators/${s.id}`} method="delete" label={t('list.remove')} busyLabel={t('busy')} tone="danger" errors={actionErrors} fallback={t('failed')} />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        <div className={buy.actions}>
          {reg.allSigned ? (
            <Link href={at({ step: '4' })} className={`${ui.button} ${ui.contained} ${ui.large}`} data-testid="to-payment">
              {t('list.toPayment')}
            </Link>
          ) : (
            <p className={buy.note}>{te('waivers_not_signed')}</p>
          )}
          {reg.spectators.some((s) => s.waiver.state === 'not_signed') ? (
            <Link href={at({ step: '3' })} className={`${ui.button} ${ui.outlined}`}>
              {t('list.refresh')}
            </Link>
          ) : null}
        </div>
        <h2 className={styles.sectionTitle}>{t('add.title')}</h2>
        <p className={buy.note}>{t('add.intro')}</p>
        <PersonFormIsland
          mode="add"
          path={`/spectators/registrations/${reg.id}/spectators`}
          labels={{ ...(await personLabels(locale)), emailHint: t('add.emailHint'), submit: t('add.submit') }}
          errors={personErrors}
          fallback={t('failed')}
        />
      </>
    );
  }

  // Step 4: the summary and the payment.
  const promo = firstParam(search.promo).trim().slice(0, 40);
  const offered = [...(reg.payAtGate ? (['office'] as const) : []), ...(paymentProvider().name === 'stripe' ? (['stripe'] as const) : [])];
  const provider = offered.find((p) => p === firstParam(search.pay)) ?? offered[0] ?? null;
  const submissionId = UUID.test(firstParam(search.sid)) ? firstParam(search.sid) : randomUUID();
  let quote: SpectatorQuote | null = null;
  let refusal: string | null = null;
  try {
    quote = await quoteSpectatorRegistration(viewer, reg.id, { promoCode: promo || null });
  } catch (err) {
    refusal = (await refusalText(locale, err)) ?? (err instanceof AppError ? t('failed') : null);
    if (refusal === null) throw err;
  }
  const [errors, taxLabel] = await Promise.all([checkoutErrorTexts(locale, PAY_ERRORS), taxLabeller(locale)]);
  const names = new Map(reg.spectators.map((s) => [s.id, `${s.firstName} ${s.lastName}`]));
  return (
    <>
      {header(4)}
      {facts(t, reg, locale)}
      <h2 className={styles.sectionTitle}>{t('summary.title')}</h2>
      {refusal ? (
        <Alert severity="error" title={t('summary.refused')}>
          {refusal}
        </Alert>
      ) : quote ? (
        <QuoteTable
          caption={t('summary.title')}
          head={[t('summary.line'), t('summary.amount')]}
          lines={quote.lines.map((line) => ({ key: line.spectatorId, label: names.get(line.spectatorId) ?? line.description, amount: line.subtotalCents === 0 ? t('free') : formatCents(line.subtotalCents, locale) }))}
          subtotal={{ label: t('summary.subtotal'), amount: formatCents(quote.subtotalCents, locale) }}
          discount={quote.discountCents > 0 ? { label: t('summary.discount', { code: quote.promoCode ?? '' }), amount: formatCents(quote.discountCents, locale) } : null}
          taxes={quote.taxes.map((tax) => ({ key: `${tax.code}-${tax.rate}`, label: taxLabel(tax as Parameters<typeof taxLabel>[0]), amount: formatCents(tax.cents, locale) }))}
          total={{ label: t('summary.total'), amount: formatCents(quote.totalCents, locale) }}
          testId="spectator-quote"
        />
      ) : null}
      <form method="get" className={buy.form}>
        <input type="hidden" name="r" value={reg.id} />
        <input type="hidden" name="step" value="4" />
        <input type="hidden" name="sid" value={submissionId} />
        <div className={ui.field}>
          <label htmlFor="promo" className={ui.label}>
            {t('summary.promo')}
          </label>
          <div className={ui.row}>
            <input id="promo" name="promo" className={ui.input} maxLength={40} defaultValue={promo} autoCapitalize="characters" />
            <button type="submit" className={`${ui.button} ${ui.outlined}`}>
              {t('summary.apply')}
            </button>
          </div>
        </div>
        {offered.length > 1 ? (
          <fieldset className={buy.options}>
            <legend>{t('summary.pay')}</legend>
            {offered.map((p) => (
              <label key={p} className={buy.option}>
                <input type="radio" name="pay" value={p} defaultChecked={provider === p} />
                <span className={buy.optionName}>{t(p === 'office' ? 'summary.payGate' : 'summary.payCard')}</span>
              </label>
            ))}
            <button type="submit" className={`${ui.button} ${ui.outlined} ${ui.small}`}>
              {t('summary.choose')}
            </button>
          </fieldset>
        ) : null}
      </form>
      {provider ? <p className={buy.note}>{t(provider === 'office' ? 'summary.gateNote' : 'summary.cardNote')}</p> : <Alert severity="error">{t('summary.noPayment')}</Alert>}
      <div className={buy.actions}>
        {refusal || !provider || !quote ? null : (
          <PayButtonIsland
            path={`/spectators/registrations/${reg.id}/submit`}
            body={{ provider, submissionId, promoCode: promo || null, locale }}
            reservedHref={`/thank-you-page/spectator/${reg.id}`}
            label={t(provider === 'office' ? 'summary.confirmGate' : 'summary.confirmCard', { total: formatCents(quote.totalCents, locale) })}
            busyLabel={t('busy')}
            errors={errors}
            fallback={t('failed')}
          />
        )}
        <Link href={at({ step: '3' })}>{t('summary.change')}</Link>
      </div>
    </>
  );
}

type T = Awaited<ReturnType<typeof getTranslations<'spectatorPages'>>>;
/** The event and its day, above steps 2 to 4. */
function facts(t: T, reg: SpectatorRegistrationView, locale: Locale) {
  return (
    <dl className={buy.facts}>
      <dt>{t('event')}</dt>
      <dd>{reg.eventName}</dd>
      <dt>{t('day')}</dt>
      <dd>{formatDate(reg.day, locale)}</dd>
    </dl>
  );
}
