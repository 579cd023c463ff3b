'use client';
/**
 * The account-creation stepper of /registration/participant (spec §4 Participant account
 * creation; §3 Participant account; §5; §8 Registration). Steps: Information; Adult
 * Information (only for a minor); Login data; Contact Information; Existing Account (only
 * when a likely duplicate is found); Emergency Contact; Minors (optional, several);
 * Confirmation; Completed. One react-hook-form per step with the step's schema; everything
 * typed is kept when going Back and forth (and when a creation fails).
 *
 * - Leaving Contact Information asks POST …/registration/participant/check: an email that has
 *   an account sends the visitor back to Login data ('Email is already registered', links to
 *   log in and to reset the password); a likely duplicate shows Existing Account, whose Skip
 *   goes on with `acknowledgeDuplicate`. A failed check lets the visitor go on (the creation
 *   checks again).
 * - Create Account checks (`participantRegistrationInput`, ./schemas.ts, fetched with the
 *   steps' checks) and posts the whole registration with the page's language
 *   and a `submissionId` made once when the page opened (a second click or a retry answers the
 *   same account). Server issues land on their fields and the stepper opens the step of the
 *   first one; 409 email_taken → Login data; 409 duplicate_account → Existing Account; 409
 *   minor_in_other_family (issue 22) → its message with a link to the contact page; no
 *   reply → 'Failed to register. Please try again.'. After an Edit from the review (or a
 *   refused creation) Next reads "Save and review" and comes back to Confirmation.
 * - Created: the Completed step, then a full navigation to /thank-you-page/participant/{id}
 *   (the API logged the new holder in: the header must render again).
 * - Leaving the page with unsaved data asks first (beforeunload).
 * - Phone first: on phones the heading reads "Step 3 of 8 — Login data" under a progress bar;
 *   from 900 px the steps show as a horizontal ordered list (`<ol>`, the open step
 *   `aria-current="step"`, the steps done with a check) with their labels. Each step change
 *   moves the focus to the step's heading and is announced in a live region. Plain HTML and
 *   CSS (issue 23; ./registration.module.css), in the looks of MUI's Stepper and LinearProgress.
 */
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Icon } from '@/components/ui/Icon';
import { STEP_DONE } from '@/components/ui/icons/step-done';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useCreateParticipantAccount, useDuplicateCheck, type RegistrationError } from '@/lib/api/registration';
import { BASE_PATH, type Locale } from '@/lib/config';
import type { AccountIssue, DuplicateCheck, ParticipantRegistrationFields } from '@/lib/contracts/account';
import { localizedPath } from '@/lib/i18n/routing';
import { useIssueText } from '../fields/issue-text';
import { AddressStep } from './AddressStep';
import { AdultStep } from './AdultStep';
import { ConfirmationStep } from './ConfirmationStep';
import { EmergencyStep } from './EmergencyStep';
import { ExistingAccountStep } from './ExistingAccountStep';
import { InformationStep } from './InformationStep';
import { LoginStep } from './LoginStep';
import { MinorsStep } from './MinorsStep';
import css from './registration.module.css';
import type { StepNav } from './StepForm';
import {
  emptyDraft,
  familyKey,
  identities,
  identityKey,
  OPTIONAL_STEPS,
  placeIssues,
  registrationFields,
  STEPS,
  visibleSteps,
  type Draft,
  type MinorRaw,
  type PlacedIssue,
  type StepId,
} from './steps';

/** A v4 UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Steps whose values the Existing Account check asks about. */
const IDENTITY_STEPS: readonly StepId[] = ['information', 'adult', 'login', 'address'];
/** Steps that must be filled in before Confirmation. */
const REQUIRED_STEPS: readonly StepId[] = ['information', 'adult', 'login', 'address', 'emergency'];

type DraftKey = Exclude<keyof Draft, 'children'>;

export function ParticipantStepper() {
  const t = useTranslations('accountStepper');
  const issueText = useIssueText();
  const locale = useLocale() as Locale;
  const headingId = useId();
  // False during the server render and hydration: the buttons wait until they work.
  const ready = useHydrated();

  const [submissionId] = useState(newSubmissionId);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  /** The values as typed in the open step (committed to `draft` on Back, Next, Edit). */
  const live = useRef<Draft>(draft);
  const [step, setStep] = useState<StepId>('information');
  /** Incremented on each step change: a step's form opens afresh with its issues. */
  const [visit, setVisit] = useState(0);
  const [passed, setPassed] = useState<ReadonlySet<StepId>>(new Set());
  /** Came from Confirmation (Edit, or a refused creation): Next goes back to it. */
  const [editing, setEditing] = useState(false);
  const [issues, setIssues] = useState<PlacedIssue[]>([]);
  /** The check's answers by identity (`identityKey`): asked once per identity. */
  const [checks, setChecks] = useState<Readonly<Record<string, DuplicateCheck>>>({});
  /** Identities whose likely duplicate the visitor chose to go past (Skip on Existing Account). */
  const [acknowledged, setAcknowledged] = useState<ReadonlySet<string>>(new Set());
  /** The family (`familyKey`) the server refused as a duplicate (409 duplicate_account), and the one the visitor then went past. */
  const [serverDuplicate, setServerDuplicate] = useState<{ refused: string | null; acknowledged: string | null }>({ refused: null, acknowledged: null });
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dirty, setDirty] = useState(false);
  const leaving = useRef(false);
  /** A creation under way: set at the click itself (a double click comes before `isPending` renders). */
  const submitting = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const checker = useDuplicateCheck();
  const create = useCreateParticipantAccount();

  /**
   * Where `d` stands with likely duplicates: `show` the Existing Account step, `pending` a
   * duplicate not gone past yet, `acknowledge` what the creation sends as `acknowledgeDuplicate`.
   */
  const duplicates = (d: Draft, known: Readonly<Record<string, DuplicateCheck>> = checks) => {
    const keys = identities(d).map(identityKey);
    const family = familyKey(d);
    const flagged = keys.filter((k) => known[k]?.likelyDuplicate);
    const server = serverDuplicate.refused === family;
    const serverPending = server && serverDuplicate.acknowledged !== family;
    return {
      keys,
      family,
      flagged,
      emailTaken: !!known[keys[0]]?.emailTaken,
      show: flagged.length > 0 || server,
      pending: flagged.some((k) => !acknowledged.has(k)) || serverPending,
      acknowledge: (flagged.length > 0 || server) && flagged.every((k) => acknowledged.has(k)) && !serverPending,
    };
  };
  const showExisting = step === 'existing' || duplicates(draft).show;
  const steps = visibleSteps(draft.information.isRegisterMinor, showExisting);
  const index = Math.max(0, steps.indexOf(step));
  const stepName = t(`steps.${step}`);

  // Focus the new step's heading (never on the page's first render).
  useEffect(() => {
    if (visit > 0) headingRef.current?.focus();
  }, [visit]);

  // Unsaved data: the browser asks before leaving (not after the account exists).
  useEffect(() => {
    if (!dirty || step === 'completed') return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, step]);

  /** Opens `target` with the current typed values committed, announced and focused. */
  const go = (target: StepId, order: StepId[] = steps) => {
    setDraft(live.current);
    setStep(target);
    setVisit((n) => n + 1);
    const at = order.indexOf(target);
    setAnnouncement(t('stepAnnounce', { current: at + 1, total: order.length, name: t(`steps.${target}`) }));
  };

  /** Every change typed in a step (kept for Back; the minor box changes the steps at once). */
  const onChange = useCallback(
    <K extends DraftKey>(k: K) =>
      (values: Draft[K]) => {
        live.current = { ...live.current, [k]: values };
        setDirty(true);
        if (k === 'information') {
          const latest = live.current;
          setDraft((prev) => (prev.information.isRegisterMinor === latest.information.isRegisterMinor ? prev : latest));
        }
      },
    [],
  );
  const [changeHandlers] = useState(() => ({
    information: onChange('information'),
    adult: onChange('adult'),
    login: onChange('login'),
    address: onChange('address'),
    emergencyContact: onChange('emergencyContact'),
  }));

  /**
   * The Existing Account check for the identities of `d` (each asked once): 'emailTaken',
   * 'duplicate' (not yet gone past), or 'ok' (also when the check failed: the creation checks again).
   */
  const runCheck = async (d: Draft): Promise<'emailTaken' | 'duplicate' | 'ok'> => {
    let known = checks;
    const missing = identities(d).filter((who) => !known[identityKey(who)]);
    if (missing.length) {
      try {
        const answers: Record<string, DuplicateCheck> = {};
        for (const who of missing) answers[identityKey(who)] = await checker.mutateAsync(who);
        known = { ...known, ...answers };
        setChecks(known);
      } catch {
        return 'ok';
      }
    }
    const state = duplicates(d, known);
    if (state.emailTaken) return 'emailTaken';
    return state.pending ? 'duplicate' : 'ok';
  };

  /** After `from` was accepted: the next step (Confirmation, or a step still to fill, when editing), through the check when needed. */
  const advance = async (from: StepId) => {
    const d = live.current;
    setDraft(d);
    const done = new Set(passed).add(from);
    setPassed(done);
    setIssues((prev) => prev.filter((i) => i.step !== from));
    const order = visibleSteps(d.information.isRegisterMinor, step === 'existing' || duplicates(d).show);
    let target: StepId;
    if (editing) {
      // The next step still to fill, or still holding a server issue; else back to the review.
      const flagged = new Set(issues.filter((i) => i.step !== from).map((i) => i.step));
      target = order.find((s) => (REQUIRED_STEPS.includes(s) && !done.has(s)) || flagged.has(s)) ?? 'confirmation';
    } else {
      target = order[order.indexOf(from) + 1] ?? 'confirmation';
    }
    if (IDENTITY_STEPS.includes(from) && STEPS.indexOf(target) > STEPS.indexOf('address')) {
      const outcome = await runCheck(d);
      if (outcome === 'emailTaken') {
        setIssues([{ step: 'login', field: 'email', code: 'email_taken' }]);
        go('login', order);
        return;
      }
      if (outcome === 'duplicate') {
        go('existing', visibleSteps(d.information.isRegisterMinor, true));
        return;
      }
      // A duplicate already gone past: no need to say it again.
      if (target === 'existing') target = order[order.indexOf('existing') + 1] ?? 'confirmation';
    }
    if (target === 'confirmation') setEditing(false);
    go(target, order);
  };

  const back = () => {
    const prev = steps[index - 1];
    if (prev) go(prev);
  };

  /** Edit from Confirmation: the step opens; its Next comes back here. */
  const edit = (target: StepId) => {
    setEditing(true);
    setFailure(null);
    go(target);
  };

  /** Server (or last-minute client) issues: on their fields, the stepper at the first one's step. */
  const routeIssues = (list: AccountIssue[]) => {
    const placed = placeIssues(list);
    if (!placed.length) {
      setFailure(issueText(list[0]?.code ?? 'registration_failed') ?? null);
      return;
    }
    setIssues(placed);
    const first = [...placed].sort((a, b) => STEPS.indexOf(a.step) - STEPS.indexOf(b.step))[0];
    setPassed((prev) => new Set([...prev].filter((s) => !placed.some((p) => p.step === s))));
    setEditing(true);
    go(first.step);
  };

  const submit = async () => {
    if (submitting.current || create.isPending) return;
    // Set before the check, which waits on its module (./schemas.ts) when not loaded yet: a second click then waits too.
    submitting.current = true;
    setFailure(null);
    const acknowledgeDuplicate = duplicates(live.current).acknowledge;
    const fields = registrationFields(live.current, { submissionId, locale, acknowledgeDuplicate });
    // `participantRegistrationInput` (./schemas.ts: already loaded by the steps' checks, unless that fetch failed).
    const schemas = await import('./schemas').catch(() => null);
    if (!schemas) {
      submitting.current = false;
      setFailure(issueText('registration_failed') ?? null);
      return;
    }
    const parsed = schemas.checkRegistration(fields);
    if (!parsed.success) {
      submitting.current = false;
      routeIssues(parsed.issues);
      return;
    }
    create.mutate(parsed.data as ParticipantRegistrationFields, {
      onSuccess: (created) => {
        leaving.current = true;
        go('completed');
        // A full navigation: the header and every server component render again as the logged-in holder.
        const thankYou = new URL(`${BASE_PATH}${localizedPath(locale, `/thank-you-page/participant/${created.id}`)}`, window.location.href);
        window.location.assign(thankYou.href);
      },
      onError: (err: RegistrationError) => {
        submitting.current = false;
        const state = duplicates(live.current);
        if (err.apiCode === 'email_taken') {
          const holder = state.keys[0];
          setChecks((prev) => ({ ...prev, [holder]: { emailTaken: true, likelyDuplicate: prev[holder]?.likelyDuplicate ?? false } }));
          setIssues([{ step: 'login', field: 'email', code: 'email_taken' }]);
          setPassed((prev) => new Set([...prev].filter((s) => s !== 'login')));
          setEditing(true);
          go('login');
        } else if (err.apiCode === 'duplicate_account') {
          setServerDuplicate({ refused: state.family, acknowledged: null });
          setEditing(true);
          go('existing', visibleSteps(draft.information.isRegisterMinor, true));
        } else if (err.statusCode === 400 && err.issues.length) {
          routeIssues(err.issues);
        } else {
          setFailure(issueText(err.code === 'network_error' ? 'registration_failed' : (err.apiCode ?? 'registration_failed')) ?? null);
        }
      },
    });
  };

  const busy = checker.isPending || create.isPending;
  const nextLabel = editing ? t('saveAndReview') : t('next');
  const nav: StepNav = { ready, busy, nextLabel, onBack: index > 0 && step !== 'completed' ? back : undefined };
  const stepIssues = issues.filter((i) => i.step === step);
  const stepKey = `${step}-${visit}`;
  const info = draft.information;

  let body: ReactNode = null;
  switch (step) {
    case 'information':
      body = (
        <InformationStep
          key={stepKey}
          headingId={headingId}
          values={draft.information}
          issues={stepIssues}
          nav={nav}
          onChange={changeHandlers.information}
          onNext={() => void advance('information')}
        />
      );
      break;
    case 'adult':
      body = (
        <AdultStep key={stepKey} headingId={headingId} values={draft.adult} issues={stepIssues} nav={nav} onChange={changeHandlers.adult} onNext={() => void advance('adult')} />
      );
      break;
    case 'login':
      body = (
        <LoginStep
          key={stepKey}
          headingId={headingId}
          values={draft.login}
          issues={stepIssues}
          nav={nav}
          minorEmail={info.isRegisterMinor ? info.email : null}
          onChange={changeHandlers.login}
          onNext={() => void advance('login')}
        />
      );
      break;
    case 'address':
      body = (
        <AddressStep key={stepKey} headingId={headingId} values={draft.address} issues={stepIssues} nav={nav} onChange={changeHandlers.address} onNext={() => void advance('address')} />
      );
      break;
    case 'existing':
      body = (
        <ExistingAccountStep
          key={stepKey}
          nav={{
            ...nav,
            nextLabel: undefined,
            onSkip: () => {
              const state = duplicates(draft);
              setAcknowledged((prev) => new Set([...prev, ...state.flagged]));
              setServerDuplicate((prev) => (prev.refused === state.family ? { ...prev, acknowledged: state.family } : prev));
              void advance('existing');
            },
          }}
        />
      );
      break;
    case 'emergency':
      body = (
        <EmergencyStep
          key={stepKey}
          headingId={headingId}
          values={draft.emergencyContact}
          issues={stepIssues}
          nav={nav}
          onChange={changeHandlers.emergencyContact}
          onNext={() => void advance('emergency')}
        />
      );
      break;
    case 'minors':
      body = (
        <MinorsStep
          key={stepKey}
          minors={draft.children}
          onMinorsChange={(children: MinorRaw[]) => {
            live.current = { ...live.current, children };
            setDraft(live.current);
            setDirty(true);
          }}
          guardianEmail={draft.login.email}
          registeredMinor={info.isRegisterMinor ? `${info.firstName} ${info.lastName}`.trim() : null}
          issues={stepIssues}
          nav={{ ...nav, onSkip: () => void advance('minors') }}
          onNext={(children) => {
            live.current = { ...live.current, children };
            void advance('minors');
          }}
          announce={setAnnouncement}
        />
      );
      break;
    case 'confirmation':
      body = (
        <ConfirmationStep
          key={stepKey}
          draft={draft}
          steps={steps.filter((s) => s !== 'existing' && s !== 'confirmation' && s !== 'completed')}
          onEdit={edit}
          nav={{ ...nav, nextLabel: create.isPending ? t('creating') : t('createAccount'), busy: create.isPending }}
          onCreate={() => void submit()}
          failure={failure}
          contact={create.error?.apiCode === 'minor_in_other_family'}
        />
      );
      break;
    case 'completed':
      body = (
        <Alert severity="success" role="status">
          {t('completed.body')}
        </Alert>
      );
      break;
  }

  const percent = ((index + 1) / steps.length) * 100;
  return (
    <div className={css.stepper}>
      <ol aria-label={t('stepsLabel')} className={css.steps}>
        {steps.map((s, i) => {
          const done = i < index || (passed.has(s) && s !== step);
          return (
            <li key={s} className={done ? `${css.step} ${css.done}` : css.step} aria-current={s === step ? 'step' : undefined}>
              {done ? (
                <Icon path={STEP_DONE} className={css.stepIcon} />
              ) : (
                <svg viewBox="0 0 24 24" className={css.stepIcon} aria-hidden="true" focusable="false">
                  <circle cx="12" cy="12" r="12" />
                  <text x="12" y="12" textAnchor="middle" dominantBaseline="central" className={css.stepNumber}>
                    {i + 1}
                  </text>
                </svg>
              )}
              <span className={css.stepLabel}>{t(`steps.${s}`)}</span>
              {OPTIONAL_STEPS.includes(s) ? <span className={css.stepOptional}>{t('optional')}</span> : null}
            </li>
          );
        })}
      </ol>
      <div
        role="progressbar"
        className={css.progress}
        aria-label={t('progress')}
        aria-valuenow={Math.round(percent)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={t('stepOf', { current: index + 1, total: steps.length })}
      >
        <span className={css.progressValue} style={{ transform: `translateX(${percent - 100}%)` }} />
      </div>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={css.heading}>
        <span className={css.phoneOnly}>{t('stepOf', { current: index + 1, total: steps.length })} — </span>
        {stepName}
      </h2>
      <p className={css.intro}>{t(`intros.${step}`)}</p>
      {body}
      <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
        {announcement}
      </div>
    </div>
  );
}
