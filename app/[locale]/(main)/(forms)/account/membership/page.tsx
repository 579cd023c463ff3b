/**
 * /account/membership: buying a membership (issue 26 "A verified participant buys a membership for
 * themself or, as guardian, for their minor: type, class, review, pay"; spec §1 register for
 * memberships). Four steps in the address, each a plain GET form, so every step works without
 * JavaScript and the back button goes back a step:
 * 1. `?` — the type (every public organization's, `?type=ID` preselects one from its public page)
 *    and who it is for (the holder, or one of their minors);
 * 2. `?type&for` — the class (the type's organization's), the province (the tax's place of supply;
 *    the profile's when it names one), how to pay (the office; a card when Stripe is configured),
 *    a promo code;
 * 3. `?…&step=review` — the order priced by the checkout itself (`quoteOrder`: the same checks and
 *    amounts the order will have; a refusal is shown with its catalogue message and a way back);
 * 4. pay: the one client leaf (`PayButton`) creates the order and sends the buyer to Stripe or to
 *    the order's page.
 * Logged out: the login with `?next=` back here. Personal: rendered per request, not indexed.
 */
import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { checkoutErrorTexts } from '@/components/membership-buy/error-texts';
import { PayButtonIsland } from '@/components/membership-buy/islands';
import { Steps } from '@/components/membership-buy/Steps';
import buy from '@/components/membership-buy/buy.module.css';
import { QuoteTable } from '@/components/membership-buy/QuoteTable';
import styles from '@/components/account/profile/account.module.css';
import { viewer } from '@/components/account/profile/viewer';
import { VerifyEmailBanner } from '@/components/account/security/VerifyEmailBanner';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { ageMessage } from '@/components/organizations/ages';
import { namesIn, textIn } from '@/components/organizations/names';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { PROMO_CODE_MAX, PROVINCES, type MembershipPurchaseInput } from '@/lib/contracts/checkout';
import { parseId } from '@/lib/contracts/ids';
import { firstParam } from '@/lib/contracts/search-params';
import { AppError, ERRORS } from '@/lib/errors';
import { federationDate, formatCents } from '@/lib/format';
import { Link, redirect } from '@/lib/i18n/navigation';
import { ageOnDay, quoteOrder, taxLabeller } from '@/lib/server/checkout/server';
import { getPurchaseOptions, membershipOrderInput, type PurchaseOptions } from '@/lib/server/membership-sales';
import { currentPrincipal } from '@/lib/server/policy/authorize';

type Search = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Search> };

const PATH = '/account/membership';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'membershipBuy' });
  return { ...(await pageMetadata(locale, PATH, t('title'))), robots: { index: false, follow: false } };
}

/** What the address says so far, checked against the options (anything unknown is dropped). */
function chosen(search: Search, options: PurchaseOptions) {
  const type = options.types.find((t) => t.id === parseId(firstParam(search.type))) ?? null;
  const person = options.people.find((p) => p.participantId === parseId(firstParam(search.for))) ?? (options.people.length === 1 ? options.people[0]! : null);
  const classId = parseId(firstParam(search.class));
  const klass = options.classes.find((c) => c.id === classId) ?? null;
  const provinceText = firstParam(search.province).toUpperCase();
  const province = (PROVINCES as readonly string[]).includes(provinceText) ? (provinceText as (typeof PROVINCES)[number]) : options.province;
  const pay = firstParam(search.pay);
  const provider = options.providers.includes(pay as 'office') ? (pay as 'office' | 'stripe') : options.providers[0]!;
  const promoCode = firstParam(search.promo).slice(0, PROMO_CODE_MAX);
  return { type, person, klass, province, provider, promoCode };
}

export default async function BuyMembershipPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const user = await viewer();
  if (!user) {
    const query = new URLSearchParams(Object.entries(search).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
    return redirect({ href: { pathname: '/login', query: { next: query.size ? `${PATH}?${query}` : PATH } }, locale });
  }
  const [t, tc, te, nameOf] = await Promise.all([
    getTranslations({ locale, namespace: 'membershipBuy' }),
    getTranslations({ locale, namespace: 'directory.classes' }),
    getTranslations({ locale, namespace: 'errors' }),
    namesIn(locale),
  ]);
  const [options, principal] = await Promise.all([getPurchaseOptions(user.id, parseId(firstParam(search.type))), currentPrincipal()]);
  const pick = chosen(search, options);
  const step = firstParam(search.step);
  // The type and the person checked together before the class: an age outside the type's limits, or a family type asked for a minor, is said at once.
  let early: string | null = null;
  if (step !== 'type' && pick.type && pick.person) {
    try {
      await quoteOrder(principal, await membershipOrderInput({ membershipTypeId: pick.type.id, participantId: pick.person.participantId, province: pick.province ?? 'QC', provider: 'office' }, locale));
    } catch (err) {
      if (err instanceof AppError && (err.code === 'membership_age_mismatch' || err.code === 'family_needs_guardian')) early = te(err.code);
      else if (!(err instanceof AppError)) throw err;
    }
  }
  const review = step === 'review' && !early && pick.type && pick.person && pick.province;
  const stepNo = review ? 3 : step !== 'type' && !early && pick.type && pick.person ? 2 : 1;
  const ages = (min: number | null, max: number | null) => {
    const a = ageMessage(min, max);
    return tc(a.key, a.values);
  };
  const personName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
  const hidden = (fields: Record<string, string | number | null | undefined>) =>
    Object.entries(fields).map(([name, value]) => (value === null || value === undefined || value === '' ? null : <input key={name} type="hidden" name={name} value={value} />));

  let body;
  if (!options.people.length) {
    body = (
      <Alert severity="info" role="status">
        {t('person.none')}{' '}
        <Link href="/account">{t('summary.for')}</Link>
      </Alert>
    );
  } else if (stepNo === 1) {
    const refusedEarly = early ? (
      <Alert severity="error" title={t('failed')}>
        {early}
      </Alert>
    ) : null;
    const byOrg = new Map<number, typeof options.types>();
    for (const type of options.types) byOrg.set(type.organizationId, [...(byOrg.get(type.organizationId) ?? []), type]);
    body = options.types.length ? (
      <form method="get" className={buy.form}>
        {refusedEarly}
        <fieldset className={buy.options}>
          <legend>{t('type.legend')}</legend>
          {[...byOrg.values()].map((types) => (
            <div key={types[0]!.organizationId} className={buy.options}>
              <p className={buy.group}>{nameOf({ name: types[0]!.organizationName, names: types[0]!.organizationNames })}</p>
              {types.map((type) => (
                <label key={type.id} className={buy.option}>
                  <input type="radio" name="type" value={type.id} required defaultChecked={pick.type?.id === type.id} />
                  <span className={buy.optionName}>{nameOf(type)}</span>
                  <span className={buy.price}>{formatCents(type.priceCents, locale)}</span>
                  <span className={buy.optionMeta}>
                    {[t(type.validity === 'event' ? 'type.event' : 'type.season'), ages(type.minAge, type.maxAge), type.family ? t('type.family') : null].filter(Boolean).join(' · ')}
                    {textIn(locale, type.description, type.descriptions) ? <><br />{textIn(locale, type.description, type.descriptions)}</> : null}
                  </span>
                </label>
              ))}
            </div>
          ))}
        </fieldset>
        <fieldset className={buy.options}>
          <legend>{t('person.legend')}</legend>
          {options.people.map((p) => (
            <label key={p.participantId} className={buy.option}>
              <input type="radio" name="for" value={p.participantId} required defaultChecked={pick.person?.participantId === p.participantId} />
              <span className={buy.optionName}>{t(p.self ? 'person.self' : 'person.minor', { name: personName(p) })}</span>
            </label>
          ))}
          <p className={buy.note}>{t('person.familyNote')}</p>
        </fieldset>
        <div className={buy.actions}>
          <button type="submit" className={`${ui.button} ${ui.contained}`}>
            {t('continue')}
          </button>
        </div>
      </form>
    ) : (
      <p className={styles.empty}>{t('type.none')}</p>
    );
  } else if (stepNo === 2) {
    // Only the classes the member's age fits today (the review checks it again on the membership's first day).
    const age = pick.person!.birthday ? ageOnDay(pick.person!.birthday, federationDate()) : null;
    const classesFor = options.classes.filter((c) => age === null || ((c.minAge === null || age >= c.minAge) && (c.maxAge === null || age <= c.maxAge)));
    body = (
      <form method="get" className={buy.form}>
        {hidden({ type: pick.type!.id, for: pick.person!.participantId, step: 'review' })}
        <dl className={buy.facts}>
          <dt>{t('steps.type')}</dt>
          <dd>
            {nameOf(pick.type!)} · {formatCents(pick.type!.priceCents, locale)}{' '}
            <Link href={{ pathname: PATH, query: { type: pick.type!.id, for: pick.person!.participantId, step: 'type' } }}>{t('change')}</Link>
          </dd>
          <dt>{t('summary.for')}</dt>
          <dd>{personName(pick.person!)}</dd>
        </dl>
        {classesFor.length ? (
          <div className={ui.field}>
            <label htmlFor="class" className={ui.label}>
              {t('class.label')}
            </label>
            <select id="class" name="class" className={ui.input} defaultValue={pick.klass?.id ?? ''} aria-describedby="class-hint">
              <option value="">{t('class.none')}</option>
              {classesFor.map((c) => (
                <option key={c.id} value={c.id}>
                  {t('class.ages', { name: c.name, ages: ages(c.minAge, c.maxAge) })}
                </option>
              ))}
            </select>
            <p id="class-hint" className={ui.helper}>
              {t('class.hint')}
            </p>
          </div>
        ) : null}
        <div className={ui.field}>
          <label htmlFor="province" className={ui.label}>
            {t('province.label')}
          </label>
          <select id="province" name="province" className={ui.input} required defaultValue={pick.province ?? ''} aria-describedby="province-hint">
            <option value="" disabled>
              {t('province.choose')}
            </option>
            {PROVINCES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          <p id="province-hint" className={ui.helper}>
            {t('province.hint')}
          </p>
        </div>
        <fieldset className={buy.options}>
          <legend>{t('pay.legend')}</legend>
          {options.providers.map((p) => (
            <label key={p} className={buy.option}>
              <input type="radio" name="pay" value={p} required defaultChecked={pick.provider === p} />
              <span className={buy.optionName}>{t(`pay.${p}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className={ui.field}>
          <label htmlFor="promo" className={ui.label}>
            {t('promo.label')}
          </label>
          <input id="promo" name="promo" className={ui.input} maxLength={PROMO_CODE_MAX} defaultValue={pick.promoCode} autoComplete="off" autoCapitalize="characters" aria-describedby="promo-hint" />
          <p id="promo-hint" className={ui.helper}>
            {t('promo.hint')}
          </p>
        </div>
        <div className={buy.actions}>
          <button type="submit" className={`${ui.button} ${ui.contained}`}>
            {t('review')}
          </button>
        </div>
      </form>
    );
  } else {
    const purchase: MembershipPurchaseInput = {
      membershipTypeId: pick.type!.id,
      participantId: pick.person!.participantId,
      classId: pick.klass?.id ?? null,
      promoCode: pick.promoCode || null,
      province: pick.province!,
      provider: pick.provider,
      locale,
      // This review's sending: a retry of the same press makes no second order (issue 29).
      submissionId: randomUUID(),
    };
    const back = { type: pick.type!.id, for: pick.person!.participantId, class: pick.klass?.id, province: pick.province!, pay: pick.provider, promo: pick.promoCode || undefined };
    let quote = null;
    let refusal: string | null = null;
    try {
      quote = await quoteOrder(principal, await membershipOrderInput(purchase, locale));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refusal = err.code in ERRORS ? te(err.code as keyof typeof ERRORS) : t('failed');
    }
    const errors = await checkoutErrorTexts(locale);
    const taxLabel = await taxLabeller(locale);
    body = refusal ? (
      <>
        <Alert severity="error" title={t('failed')}>
          {refusal}
        </Alert>
        <p>
          <Link href={{ pathname: PATH, query: back }}>{t('change')}</Link>
        </p>
      </>
    ) : (
      <>
        <h2 className={styles.sectionTitle}>{t('summary.title')}</h2>
        <dl className={buy.facts}>
          <dt>{t('summary.for')}</dt>
          <dd>{personName(pick.person!)}</dd>
          {pick.klass ? (
            <>
              <dt>{t('summary.class')}</dt>
              <dd>{pick.klass.name}</dd>
            </>
          ) : null}
          <dt>{t('summary.province')}</dt>
          <dd>{pick.province}</dd>
          <dt>{t('summary.payment')}</dt>
          <dd>{t(`pay.${pick.provider}`)}</dd>
        </dl>
        <QuoteTable
          caption={t('summary.title')}
          head={[t('summary.line'), t('summary.amount')]}
          lines={quote!.lines.map((line, i) => ({ key: String(i), label: line.description, amount: formatCents(line.subtotalCents, locale) }))}
          subtotal={{ label: t('summary.subtotal'), amount: formatCents(quote!.subtotalCents, locale) }}
          discount={quote!.discountCents > 0 ? { label: t('summary.discount', { code: quote!.promoCode ?? '' }), amount: formatCents(quote!.discountCents, locale) } : null}
          taxes={quote!.taxes.map((tax) => ({ key: tax.code, label: taxLabel(tax), amount: formatCents(tax.cents, locale) }))}
          total={{ label: t('summary.total'), amount: formatCents(quote!.totalCents, locale) }}
        />
        <div className={buy.actions}>
          <PayButtonIsland
            path="/users/current/orders"
            body={purchase}
            label={quote!.totalCents === 0 ? t('confirm.free') : pick.provider === 'stripe' ? t('confirm.stripe', { amount: formatCents(quote!.totalCents, locale) }) : t('confirm.office')}
            busyLabel={t('confirm.busy')}
            errors={errors}
            fallback={t('failed')}
          />
          <Link href={{ pathname: PATH, query: back }}>{t('change')}</Link>
        </div>
        <p className={buy.note}>{t('confirm.note')}</p>
      </>
    );
  }

  const steps = ['type', 'class', 'review', 'pay'] as const;
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('title')} parents={[{ label: (await getTranslations({ locale, namespace: 'account' }))('title'), href: '/account' }]} />
      <div className={`container container-md ${styles.page}`}>
        {principal?.emailVerified ? null : <VerifyEmailBanner locale={locale} email={user.email} />}
        <p className={styles.intro}>{t('intro')}</p>
        <Steps label={t('steps.label')} steps={steps.map((s) => t(`steps.${s}`))} current={stepNo} />
        {body}
      </div>
    </>
  );
}
