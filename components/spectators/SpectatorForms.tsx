'use client';
/**
 * The spectator steps' only client code (issue 28 "The four steps"; spec §4 Spectator
 * registration, §8 Spectator), each a small form server-rendered in place (./islands.tsx):
 * - `PersonForm`: step 1's buyer (`POST /spectators/registrations`, then step 2 of the new
 *   registration), or a visitor's (`account`: with a password typed twice, `POST
 *   /registration/spectator` opens their spectator account and logs them in; then step 2 in a
 *   full page load, which waits for the email's verification) or step 3's added spectator (`POST …/{id}/spectators`, then the page again); a
 *   refusal shows its catalogue text (the spec's: 'Only valid for Adults', 'Please fill all
 *   entries'…); an adult's email that belongs to another spectator of the registration
 *   (`spectator_email_exists`) offers to go to that person or to change the email; on the
 *   thank-you page, the new holder of a ticket given to someone else (`transfer`: `POST
 *   …/tickets/{ticketId}/transfer` with the form's `extra` — its transfer id — then the page again);
 * - `SpectatorAction`: one button that posts or deletes `path` (send the waiver link, remove a
 *   spectator) and then says `doneLabel` or shows the page again.
 * Labels and error texts come translated from the server components.
 */
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import { api, callFailure, isApiHttpError } from '@/lib/api/client';
import { useLocale } from 'next-intl';
import { BASE_PATH, type Locale } from '@/lib/config';
import { useRouter } from '@/lib/i18n/navigation';
import { localizedPath } from '@/lib/i18n/routing';

export interface PersonFormLabels {
  firstName: string;
  lastName: string;
  gender: string;
  male: string;
  female: string;
  birthday: string;
  email: string;
  emailHint: string;
  day: string;
  submit: string;
  busy: string;
  /** 'Go to {name}' is not known here: the offer's two actions for `spectator_email_exists`. */
  goToExisting: string;
  changeEmail: string;
  /** `account`: the password fields. */
  password?: string;
  passwordConfirmation?: string;
  passwordHint?: string;
}

export interface PersonFormProps {
  /** `start`: step 1 (the buyer, with the event and its day); `add`: step 3 (another spectator); `transfer`: a ticket's new holder (thank-you page). */
  mode: 'start' | 'account' | 'add' | 'transfer';
  /** Sent with the person (`add`, `transfer`): the transfer's id made by the server. */
  extra?: Record<string, string>;
  /** Makes the fields' ids unique when the page has several such forms (one per ticket). */
  idPrefix?: string;
  /** The API path posted to (under /ll/api/v1). */
  path: string;
  /** Step 1: the event. */
  eventId?: number;
  /** Step 1: the event's days (a select when more than one), `value` YYYY-MM-DD. */
  days?: { value: string; label: string }[];
  /** Step 1: the page's language, saved on the registration (its mails). */
  locale?: string;
  /** The fields' starting values (step 1: the buyer's account). */
  defaults?: { firstName?: string | null; lastName?: string | null; gender?: string | null; birthday?: string | null; email?: string | null; day?: string | null };
  /** Step 1: where the new registration's step 2 is (`{id}` replaced by its id). */
  nextHref?: string;
  labels: PersonFormLabels;
  /** Catalogue messages by error code; `fallback` for any other failure. */
  errors: Record<string, string>;
  fallback: string;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

export function PersonForm(props: PersonFormProps) {
  const { labels } = props;
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [existing, setExisting] = useState<string | null>(null);
  // `account`: one id per form (kept across retries: the same form sent twice opens one account).
  const [submissionId] = useState(() => crypto.randomUUID());
  const locale = useLocale() as Locale;
  const id = (name: string) => `${props.idPrefix ?? ''}${props.mode}-${name}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const person = { firstName: text(form, 'firstName'), lastName: text(form, 'lastName'), gender: text(form, 'gender'), birthday: text(form, 'birthday'), email: text(form, 'email') };
    setBusy(true);
    setError(null);
    setExisting(null);
    try {
      if (props.mode === 'start') {
        const days = props.days ?? [];
        const day = text(form, 'day') || (days.length === 1 ? days[0]!.value : '');
        const { data } = await api.post<{ id: string }>(props.path, { eventId: props.eventId, day, buyer: person, locale: props.locale }, { headers: { 'Content-Type': 'application/json' } });
        router.push((props.nextHref ?? '').replace('{id}', data.id));
        return;
      }
      if (props.mode === 'account') {
        const days = props.days ?? [];
        const day = text(form, 'day') || (days.length === 1 ? days[0]!.value : '');
        const body = { submissionId, eventId: props.eventId, day, buyer: person, password: String(form.get('password') ?? ''), passwordConfirmation: String(form.get('passwordConfirmation') ?? ''), locale: props.locale };
        const { data } = await api.post<{ registrationId: string }>(props.path, body, { headers: { 'Content-Type': 'application/json' } });
        // A full load: the page's header and everything else now see the new login.
        window.location.assign(new URL(`${BASE_PATH}${localizedPath(locale, (props.nextHref ?? '').replace('{id}', data.registrationId))}`, window.location.href).href);
        return;
      }
      await api.post(props.path, { ...person, ...props.extra }, { headers: { 'Content-Type': 'application/json' } });
      formEl.reset();
      setBusy(false);
      router.refresh();
    } catch (err) {
      const failure = callFailure(err);
      const issue = (failure.issues[0] as { code?: string } | undefined)?.code;
      const code = failure.apiCode === 'null_entries' ? 'null_entries' : (issue ?? failure.apiCode);
      setError((code && props.errors[code]) || (failure.apiCode && props.errors[failure.apiCode]) || props.fallback);
      if (failure.apiCode === 'spectator_email_exists' && isApiHttpError(err)) {
        const other = (err.response?.data as { spectatorId?: unknown } | undefined)?.spectatorId;
        if (typeof other === 'string') setExisting(other);
      }
      setBusy(false);
    }
  }

  const d = props.defaults ?? {};
  const days = props.days ?? [];
  // The buyer's own details (step 1): the browser may fill them in.
  const own = props.mode === 'start' || props.mode === 'account';
  return (
    <form className={ui.stack} onSubmit={submit} noValidate data-testid={`spectator-${props.mode}-form`}>
      {own && days.length > 1 ? (
        <div className={ui.field}>
          <label htmlFor={id('day')} className={ui.label}>
            {labels.day}
          </label>
          <select id={id('day')} name="day" className={ui.input} required defaultValue={d.day ?? days[0]!.value}>
            {days.map((day) => (
              <option key={day.value} value={day.value}>
                {day.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className={ui.field}>
        <label htmlFor={id('firstName')} className={ui.label}>
          {labels.firstName}
        </label>
        <input id={id('firstName')} name="firstName" className={ui.input} required maxLength={60} autoComplete={own ? 'given-name' : 'off'} defaultValue={d.firstName ?? ''} />
      </div>
      <div className={ui.field}>
        <label htmlFor={id('lastName')} className={ui.label}>
          {labels.lastName}
        </label>
        <input id={id('lastName')} name="lastName" className={ui.input} required maxLength={60} autoComplete={own ? 'family-name' : 'off'} defaultValue={d.lastName ?? ''} />
      </div>
      <div className={ui.field}>
        <label htmlFor={id('gender')} className={ui.label}>
          {labels.gender}
        </label>
        <select id={id('gender')} name="gender" className={ui.input} required defaultValue={d.gender ?? ''}>
          <option value="" disabled>
            —
          </option>
          <option value="male">{labels.male}</option>
          <option value="female">{labels.female}</option>
        </select>
      </div>
      <div className={ui.field}>
        <label htmlFor={id('birthday')} className={ui.label}>
          {labels.birthday}
        </label>
        <input id={id('birthday')} name="birthday" type="date" className={ui.input} required min="1900-01-01" defaultValue={d.birthday ?? ''} />
      </div>
      <div className={ui.field}>
        <label htmlFor={id('email')} className={ui.label}>
          {labels.email}
        </label>
        <input id={id('email')} name="email" type="email" className={ui.input} maxLength={254} autoComplete={own ? 'email' : 'off'} defaultValue={d.email ?? ''} aria-describedby={id('email-hint')} />
        <p id={id('email-hint')} className={ui.helper}>
          {labels.emailHint}
        </p>
      </div>
      {props.mode === 'account' ? (
        <>
          <div className={ui.field}>
            <label htmlFor={id('password')} className={ui.label}>
              {labels.password}
            </label>
            <input id={id('password')} name="password" type="password" className={ui.input} required minLength={8} maxLength={255} autoComplete="new-password" aria-describedby={id('password-hint')} />
            <p id={id('password-hint')} className={ui.helper}>
              {labels.passwordHint}
            </p>
          </div>
          <div className={ui.field}>
            <label htmlFor={id('passwordConfirmation')} className={ui.label}>
              {labels.passwordConfirmation}
            </label>
            <input id={id('passwordConfirmation')} name="passwordConfirmation" type="password" className={ui.input} required maxLength={255} autoComplete="new-password" />
          </div>
        </>
      ) : null}
      {error ? (
        <Alert
          severity="error"
          title={error}
          action={
            existing ? (
              <span className={ui.row}>
                <a href={`#spectator-${existing}`}>{labels.goToExisting}</a>
                <a href={`#${id('email')}`}>{labels.changeEmail}</a>
              </span>
            ) : undefined
          }
        >
          {null}
        </Alert>
      ) : null}
      <div className={ui.row}>
        <button type="submit" className={`${ui.button} ${ui.contained} ${ui.large}`} disabled={busy} aria-busy={busy || undefined}>
          {busy ? labels.busy : labels.submit}
        </button>
      </div>
    </form>
  );
}

export interface SpectatorActionProps {
  /** The API path (under /ll/api/v1). */
  path: string;
  method: 'post' | 'delete';
  label: string;
  busyLabel: string;
  /** Said once done (the waiver link: 'Sent to {email}'); absent: the page is shown again. */
  doneLabel?: string;
  /** A quieter button (outlined) or a danger one. */
  tone?: 'outlined' | 'danger';
  errors: Record<string, string>;
  fallback: string;
}

export function SpectatorAction(props: SpectatorActionProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function go() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      if (props.method === 'delete') await api.delete(props.path);
      else await api.post(props.path);
      setBusy(false);
      if (props.doneLabel) setDone(true);
      else router.refresh();
    } catch (err) {
      const failure = callFailure(err);
      setError((failure.apiCode && props.errors[failure.apiCode]) || props.fallback);
      setBusy(false);
    }
  }

  if (done) return <p role="status">{props.doneLabel}</p>;
  return (
    <>
      <button type="button" className={`${ui.button} ${props.tone === 'danger' ? `${ui.outlined} ${ui.danger}` : ui.outlined} ${ui.small}`} onClick={go} disabled={busy} aria-busy={busy || undefined}>
        {busy ? props.busyLabel : props.label}
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </>
  );
}
