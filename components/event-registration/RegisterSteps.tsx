/**
 * /events/{id}/register (issue 27 "a racer, or a parent for a child, enters a race from a phone in
 * two minutes"; spec §1 register for events, §6 Online registration): three steps in the address,
 * each a plain GET form or link, so every step works without JavaScript until the signature:
 * 1. the entry — who rides (the holder or one of their minors), one to three classes (each with
 *    its fee today: early, regular or late, its ages and places left; a full class says the rider
 *    joins its waiting list), the race number (empty: the member's permanent number), the
 *    transponder (own or rented), the promoter's questions, how to pay (the gate when the promoter
 *    allows it; a card when Stripe is configured);
 * 2. the waiver — the event's text in the page's language (French first on French pages), signed
 *    by the rider, or by the guardian for a minor, with the selfie first when the event asks
 *    (components/waivers/WaiverSign);
 * 3. the review — what is registered and its priced total (`quoteRegistration`: subtotal, each tax,
 *    total; a full class reads "waiting list — no charge"), then one button that registers and pays
 *    (components/membership-buy/PayButton) in one transaction with its order.
 * The submission id is made at step 1 and carried along: sending twice registers once.
 * Server component; the signing form is the only island.
 */
import { randomUUID } from 'node:crypto';
import { getTranslations } from 'next-intl/server';
import styles from '@/components/account/profile/account.module.css';
import { checkoutErrorTexts } from '@/components/membership-buy/error-texts';
import { PayButtonIsland } from '@/components/membership-buy/islands';
import { Steps } from '@/components/membership-buy/Steps';
import buy from '@/components/membership-buy/buy.module.css';
import { QuoteTable } from '@/components/membership-buy/QuoteTable';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import { WaiverSignSection } from '@/components/waivers/WaiverSignSection';
import type { Locale } from '@/lib/config';
import type { EventRegistrationInput, RegistrationQuote } from '@/lib/contracts/event-registration';
import { AppError, ERRORS } from '@/lib/errors';
import { taxLabeller } from '@/lib/server/checkout/server';
import { currentPrincipal } from '@/lib/server/policy/authorize';
import { quoteRegistration } from '@/lib/server/registrations';
import { parseId } from '@/lib/contracts/ids';
import { firstParam } from '@/lib/contracts/search-params';
import type { RegistrationSettings } from '@/lib/contracts/registration-settings';
import { inLocale } from '@/lib/contracts/translations';
import { federationDate, formatCents, formatDate } from '@/lib/format';
import { Link } from '@/lib/i18n/navigation';
import type { EventDetails } from '@/lib/server/events';
import type { BuyablePerson } from '@/lib/server/membership-sales';
import type { EventClassOffer } from '@/lib/contracts/events';
import { entryFee } from '@/lib/server/registrations/rules';
import type { WaiverText } from '@/lib/contracts/waivers';
import { ageMessage } from '@/components/organizations/ages';

type Search = Record<string, string | string[] | undefined>;
const many = (v: string | string[] | undefined) => (Array.isArray(v) ? v : v ? [v] : []);

export interface RegisterStepsProps {
  locale: Locale;
  event: EventDetails;
  settings: RegistrationSettings;
  classes: EventClassOffer[];
  people: BuyablePerson[];
  providers: ('office' | 'stripe')[];
  search: Search;
  /** The event waiver in the page's language (step 2). */
  waiver: WaiverText | null;
  /** The federation asks for a minor's own signature beside the guardian's (CMS parameter `WaiverMinorSignature`). */
  minorSignature: boolean;
}

/** What the address holds so far, checked against the options. */
function entryOf(search: Search, props: RegisterStepsProps) {
  const person = props.people.find((p) => p.participantId === parseId(firstParam(search.for))) ?? (props.people.length === 1 ? props.people[0]! : null);
  const classIds = many(search.class)
    .map((c) => parseId(c))
    .filter((id): id is number => id !== null && props.classes.some((c) => c.classId === id))
    .slice(0, 3);
  const transponder = firstParam(search.tp) === 'rental' && props.settings.transponderRentalCents !== null ? ({ kind: 'rental' } as const) : firstParam(search.tpn) ? ({ kind: 'own', number: firstParam(search.tpn) } as const) : null;
  const answers = Object.fromEntries(props.settings.questions.map((q) => [q.id, firstParam(search[`q_${q.id}`]).slice(0, 200)]));
  const offered = props.providers.filter((p) => p === 'stripe' || props.settings.payAtGate);
  const provider = offered.includes(firstParam(search.pay) as 'office') ? (firstParam(search.pay) as 'office' | 'stripe') : (offered[0] ?? null);
  const submissionId = /^[0-9a-f-]{36}$/.test(firstParam(search.sid)) ? firstParam(search.sid) : randomUUID();
  return { person, classIds, raceNumber: firstParam(search.number).slice(0, 4), transponder, answers, provider, offered, submissionId };
}

export async function RegisterSteps(props: RegisterStepsProps) {
  const { locale, event, settings, classes, search } = props;
  const [t, tc] = await Promise.all([getTranslations({ locale, namespace: 'eventRegistration' }), getTranslations({ locale, namespace: 'directory.classes' })]);
  const entry = entryOf(search, props);
  const step = firstParam(search.step);
  const today = federationDate();
  const base = `/events/${event.id}/register`;
  const ages = (min: number | null, max: number | null) => {
    const a = ageMessage(min, max);
    return tc(a.key, a.values);
  };
  /** The entry as query parameters, for the next step's address. */
  const carry = (extra: Record<string, string> = {}) => {
    const q = new URLSearchParams();
    if (entry.person) q.set('for', String(entry.person.participantId));
    for (const id of entry.classIds) q.append('class', String(id));
    if (entry.raceNumber) q.set('number', entry.raceNumber);
    if (entry.transponder?.kind === 'rental') q.set('tp', 'rental');
    if (entry.transponder?.kind === 'own') q.set('tpn', entry.transponder.number);
    for (const [id, answer] of Object.entries(entry.answers)) if (answer) q.set(`q_${id}`, answer);
    if (entry.provider) q.set('pay', entry.provider);
    q.set('sid', entry.submissionId);
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    return `${base}?${q}`;
  };
  const missing = settings.questions.filter((q) => q.required && !entry.answers[q.id]);
  const ready = entry.person && entry.classIds.length > 0 && entry.provider && missing.length === 0;
  const stepNo = step === 'review' && ready && firstParam(search.waiver) ? 3 : step === 'waiver' && ready ? 2 : 1;
  const steps = ['entry', 'waiver', 'review'] as const;

  let body;
  if (!props.people.length) {
    body = <Alert severity="info" role="status">{t('noProfile')}</Alert>;
  } else if (stepNo === 1) {
    body = (
      <form method="get" className={buy.form}>
        <input type="hidden" name="step" value="waiver" />
        <input type="hidden" name="sid" value={entry.submissionId} />
        {step === 'waiver' && !ready ? (
          <Alert severity="error" title={t('incomplete')}>
            {missing.length ? t('answerRequired', { questions: missing.map((q) => inLocale(q.label.en, q.label, locale)).join(', ') }) : t('chooseClass')}
          </Alert>
        ) : null}
        <fieldset className={buy.options}>
          <legend>{t('who')}</legend>
          {props.people.map((p) => (
            <label key={p.participantId} className={buy.option}>
              <input type="radio" name="for" value={p.participantId} required defaultChecked={entry.person?.participantId === p.participantId} />
              <span className={buy.optionName}>{t(p.self ? 'self' : 'minor', { name: `${p.firstName} ${p.lastName}` })}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className={buy.options}>
          <legend>{t('classes')}</legend>
          <p className={buy.note}>{t('classesHint')}</p>
          {classes.map((c) => {
            const fee = entryFee(c, settings, today);
            const full = c.spotsLeft === 0;
            return (
              <label key={c.classId} className={buy.option}>
                <input type="checkbox" name="class" value={c.classId} defaultChecked={entry.classIds.includes(c.classId)} />
                <span className={buy.optionName}>{c.name}</span>
                <span className={buy.price}>{fee === 0 ? t('free') : formatCents(fee, locale)}</span>
                <span className={buy.optionMeta}>
                  {[ages(c.minAge, c.maxAge), full ? t('fullWaiting', { waiting: c.waiting }) : c.spotsLeft === null ? null : t('placesLeft', { count: c.spotsLeft })].filter(Boolean).join(' · ')}
                </span>
              </label>
            );
          })}
        </fieldset>
        <div className={ui.field}>
          <label htmlFor="number" className={ui.label}>
            {t('number')}
          </label>
          <input id="number" name="number" className={ui.input} maxLength={4} defaultValue={entry.raceNumber} autoCapitalize="characters" aria-describedby="number-hint" />
          <p id="number-hint" className={ui.helper}>
            {t('numberHint')}
          </p>
        </div>
        <fieldset className={buy.options}>
          <legend>{t('transponder')}</legend>
          <div className={ui.field}>
            <label htmlFor="tpn" className={ui.label}>
              {t('ownTransponder')}
            </label>
            <input id="tpn" name="tpn" className={ui.input} maxLength={20} defaultValue={entry.transponder?.kind === 'own' ? entry.transponder.number : ''} inputMode="numeric" />
          </div>
          {settings.transponderRentalCents !== null ? (
            <label className={buy.option}>
              <input type="checkbox" name="tp" value="rental" defaultChecked={entry.transponder?.kind === 'rental'} />
              <span className={buy.optionName}>{t('rental', { fee: formatCents(settings.transponderRentalCents, locale), deposit: formatCents(settings.transponderDepositCents, locale) })}</span>
            </label>
          ) : null}
        </fieldset>
        {settings.questions.map((q) => (
          <div key={q.id} className={ui.field}>
            <label htmlFor={`q_${q.id}`} className={ui.label}>
              {inLocale(q.label.en, q.label, locale)}
              {q.required ? ' *' : ''}
            </label>
            <input id={`q_${q.id}`} name={`q_${q.id}`} className={ui.input} maxLength={200} required={q.required} defaultValue={entry.answers[q.id] ?? ''} />
          </div>
        ))}
        <fieldset className={buy.options}>
          <legend>{t('pay')}</legend>
          {entry.offered.map((p) => (
            <label key={p} className={buy.option}>
              <input type="radio" name="pay" value={p} required defaultChecked={entry.provider === p} />
              <span className={buy.optionName}>{t(p === 'office' ? 'payGate' : 'payCard')}</span>
            </label>
          ))}
          {entry.offered.length === 0 ? <p>{t('noPayment')}</p> : null}
        </fieldset>
        <div className={buy.actions}>
          <button type="submit" className={`${ui.button} ${ui.contained}`}>
            {t('toWaiver')}
          </button>
        </div>
      </form>
    );
  } else if (stepNo === 2) {
    const minor = !entry.person!.self;
    const covered = `${entry.person!.firstName} ${entry.person!.lastName}`;
    body = props.waiver ? (
      <>
        <p>{minor ? t('signForMinor', { name: covered }) : t('signSelf')}</p>
        <WaiverSignSection
          locale={locale}
          eventId={event.id}
          kind="entry"
          participantId={entry.person!.participantId}
          signatoryRole={minor ? 'guardian' : 'self'}
          text={props.waiver}
          selfieRequired={settings.waiverSelfie}
          minorSignatureRequired={minor && props.minorSignature}
          coveredName={covered}
          signedHref={carry({ step: 'review' })}
          titleClassName={styles.sectionTitle}
        />
        <p>
          <Link href={carry({ step: 'entry' })}>{t('change')}</Link>
        </p>
      </>
    ) : (
      <Alert severity="error">{t('noWaiver')}</Alert>
    );
  } else {
    const input: EventRegistrationInput = {
      eventId: event.id,
      participantId: entry.person!.participantId,
      classIds: entry.classIds,
      raceNumber: entry.raceNumber || null,
      transponder: entry.transponder,
      answers: entry.answers,
      waiverDocumentId: firstParam(search.waiver),
      provider: entry.provider!,
      submissionId: entry.submissionId,
      locale,
    };
    const chosen = classes.filter((c) => entry.classIds.includes(c.classId));
    // The priced total (issue 27): the same checks and lines as registering, written nowhere.
    let quote: RegistrationQuote | null = null;
    let refusal: string | null = null;
    try {
      quote = await quoteRegistration(await currentPrincipal(), input);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const te = await getTranslations({ locale, namespace: 'errors' });
      refusal = err.code in ERRORS ? te(err.code as keyof typeof ERRORS) : t('failed');
    }
    const [errors, taxLabel] = await Promise.all([
      checkoutErrorTexts(locale, [
        'registration_closed',
        'membership_required',
        'class_age_mismatch',
        'race_number_taken',
        'null_race_number',
        'invalid_race_number',
        'waiver_not_signed',
        'too_many_classes',
        'gate_payment_not_allowed',
        'order_not_payable',
        'email_not_verified',
        'service_unavailable',
        'not_found',
      ]),
      taxLabeller(locale),
    ]);
    const stateOf = new Map((quote?.classes ?? []).map((c) => [c.classId, c]));
    const feeText = (c: EventClassOffer) => {
      const quoted = stateOf.get(c.classId);
      if (quoted ? quoted.state === 'waiting' : c.spotsLeft === 0) return t('summary.waitingNoCharge');
      const fee = quoted?.feeCents ?? entryFee(c, settings, today);
      return fee === 0 ? t('free') : formatCents(fee, locale);
    };
    const order = quote?.order ?? null;
    body = (
      <>
        <h2 className={styles.sectionTitle}>{t('review')}</h2>
        <dl className={buy.facts}>
          <dt>{t('rider')}</dt>
          <dd>
            {entry.person!.firstName} {entry.person!.lastName}
          </dd>
          <dt>{t('classes')}</dt>
          <dd>{chosen.map((c) => `${c.name} (${feeText(c)})`).join(', ')}</dd>
          <dt>{t('number')}</dt>
          <dd>{quote?.raceNumber || entry.raceNumber || t('memberNumber')}</dd>
          <dt>{t('transponder')}</dt>
          <dd>{entry.transponder?.kind === 'own' ? entry.transponder.number : entry.transponder?.kind === 'rental' ? t('rentalShort') : '—'}</dd>
          <dt>{t('pay')}</dt>
          <dd>{t(entry.provider === 'office' ? 'payGate' : 'payCard')}</dd>
          <dt>{t('waiver')}</dt>
          <dd>{t('waiverSigned')}</dd>
        </dl>
        {refusal ? (
          <Alert severity="error" title={t('summary.refused')}>
            {refusal}
          </Alert>
        ) : order ? (
          <QuoteTable
            caption={t('review')}
            head={[t('summary.line'), t('summary.amount')]}
            lines={order.lines.map((line, i) => ({ key: String(i), label: line.description, amount: formatCents(line.subtotalCents, locale) }))}
            subtotal={{ label: t('summary.subtotal'), amount: formatCents(order.subtotalCents, locale) }}
            taxes={order.taxes.map((tax) => ({ key: `${tax.code}-${tax.rate}`, label: taxLabel(tax as Parameters<typeof taxLabel>[0]), amount: formatCents(tax.cents, locale) }))}
            total={{ label: t('summary.total'), amount: formatCents(order.totalCents, locale) }}
            testId="registration-quote"
          />
        ) : quote ? (
          <p className={buy.note}>{t('summary.nothingToPay')}</p>
        ) : null}
        <p className={buy.note}>{t('summary.eventOn', { date: formatDate(event.startDate, locale) })}</p>
        <div className={buy.actions}>
          {refusal ? null : (
            <PayButtonIsland
              path="/registrations"
              body={input}
              doneHref="/account#registrations"
              label={order ? t(entry.provider === 'office' ? 'confirmGate' : 'confirmCard') : t('summary.confirmWaiting')}
              busyLabel={t('busy')}
              errors={errors}
              fallback={t('failed')}
            />
          )}
          <Link href={carry({ step: 'entry' })}>{t('change')}</Link>
        </div>
      </>
    );
  }

  return (
    <>
      <Steps label={t('stepsLabel')} steps={steps.map((s) => t(`steps.${s}`))} current={stepNo} />
      {body}
    </>
  );
}
