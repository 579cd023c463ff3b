'use client';
/**
 * The contact form (spec §1 "a contact page"; §5 Email): name, email and message checked with
 * the shared contract (`contactFormInput` through `zodResolver`, fetched on the form's first
 * focus: ./schemas.ts), errors shown under each field in the page's language
 * (`contact.errors.<code>`), a character counter for the message,
 * a reCAPTCHA v2 checkbox only when the CMS gives a site key, and a honeypot field hidden from
 * people and assistive technology. Sends with `useSendContactMessage` (POST /ll/api/v1/contact);
 * the server's field codes land on their fields, any other refusal (rate limit with its wait,
 * outbox unavailable, no connection) in an alert. Phone first: one full-width column. Native
 * controls (issue 23: no MUI; components/ui/Field and ./contact.module.css).
 *
 * On an organization's contact page (spec §2 /organizations/{id?}/contact) the page passes the
 * organization's id (sent as `organizationId`: the server looks up its address) and its own
 * translated title and success text naming the organization.
 */
import { useLocale, useTranslations } from 'next-intl';
import Script from 'next/script';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Field } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { SEND } from '@/components/ui/icons/send';
import ui from '@/components/ui/ui.module.css';
import { useSendContactMessage, type ContactSendError } from '@/lib/api/contact';
import type { Locale } from '@/lib/config';
import type { ContactMessageFields, ContactMessageInput } from '@/lib/contracts/contact';
import { CONTACT_LIMITS } from '@/lib/contracts/contact-rules';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import css from './contact.module.css';

/** The fields a server issue can be shown on. */
const FIELDS = ['name', 'email', 'message', 'captchaToken'] as const;
type Field = (typeof FIELDS)[number];

/** `contactFormInput` through `zodResolver` (./schemas.ts), fetched on the form's first focus (issue 23: no zod in the first load). */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.contactResolver));

interface ReCaptcha {
  ready(cb: () => void): void;
  render(el: HTMLElement, options: Record<string, unknown>): number;
  reset(id?: number): void;
}
declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
  }
}

export interface ContactFormProps {
  /** reCAPTCHA v2 site key (CMS parameter CaptchaSiteKey); null: no captcha. */
  captchaSiteKey: string | null;
  /** The organization written to (its contact page); absent: the federation. */
  organizationId?: number;
  /** The form's heading, translated (default: `contact.title`). */
  title?: string;
  /** The text shown once the message is sent, translated (default: `contact.success`). */
  successText?: string;
}

const EMPTY: ContactMessageFields = { name: '', email: '', message: '', website: '' };

/** The form (see the file's docstring): posts in the page's language, shows the result in place. */
export function ContactForm({ captchaSiteKey, organizationId, title, successText }: ContactFormProps) {
  const t = useTranslations('contact');
  const locale = useLocale() as Locale;
  const id = useId();
  const mutation = useSendContactMessage();
  const captchaBox = useRef<HTMLDivElement>(null);
  const captchaWidget = useRef<number | null>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const siteKey = captchaSiteKey?.trim() || null;

  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<ContactMessageFields, unknown, ContactMessageInput>({
    resolver,
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  /** The text of an error code in the page's language (unknown codes: the generic failure). */
  const text = (code: string | undefined, minutes?: number) =>
    code ? (t.has(`errors.${code}`) ? t(`errors.${code}`, { minutes: minutes ?? 10 }) : t('errors.request_error')) : undefined;

  const renderCaptcha = () => {
    const g = window.grecaptcha;
    if (!siteKey || !g || !captchaBox.current || captchaWidget.current !== null) return;
    g.ready(() => {
      if (!captchaBox.current || captchaWidget.current !== null) return;
      captchaWidget.current = g.render(captchaBox.current, {
        sitekey: siteKey,
        hl: locale,
        callback: (token: string) => {
          setValue('captchaToken', token);
          clearErrors('captchaToken');
        },
        'expired-callback': () => setValue('captchaToken', undefined),
      });
    });
  };
  const resetCaptcha = () => {
    if (captchaWidget.current !== null) window.grecaptcha?.reset(captchaWidget.current);
    setValue('captchaToken', undefined);
  };
  // The script may already be there (another visit of the page in this session).
  useEffect(renderCaptcha);

  useEffect(() => {
    if (mutation.isSuccess) successRef.current?.focus();
  }, [mutation.isSuccess]);

  const onSubmit = (values: ContactMessageInput) => {
    if (siteKey && !values.captchaToken) {
      setError('captchaToken', { message: 'null_captcha' });
      return;
    }
    mutation.mutate(
      // The honeypot goes to the server as the browser holds it (the form's own check leaves it out).
      { ...values, website: getValues('website'), locale, ...(organizationId ? { organizationId } : {}) },
      {
        onSuccess: () => {
          reset(EMPTY);
          resetCaptcha();
        },
        onError: (err) => {
          let focused = false;
          for (const issue of err.issues) {
            const field = issue.path[0] as Field;
            if (!FIELDS.includes(field)) continue;
            setError(field, { message: issue.code }, { shouldFocus: !focused && field !== 'captchaToken' });
            focused = true;
          }
          if (err.apiCode === 'null_captcha' || err.apiCode === 'invalid_captcha') setError('captchaToken', { message: err.apiCode });
          resetCaptcha();
        },
      },
    );
  };

  /** The alert of a refusal not shown on a field (rate limit, outbox, network …), or null. */
  const failure = (err: ContactSendError | null): string | null => {
    if (!err) return null;
    if (err.issues.some((i) => FIELDS.includes(i.path[0] as Field))) return null;
    if (err.apiCode === 'null_captcha' || err.apiCode === 'invalid_captcha') return null;
    const code = err.apiCode && t.has(`errors.${err.apiCode}`) ? err.apiCode : err.code;
    return text(code, err.retryAfterS ? Math.max(1, Math.ceil(err.retryAfterS / 60)) : undefined) ?? null;
  };
  const failureText = mutation.isError ? failure(mutation.error) : null;

  const messageLength = useWatch({ control, name: 'message' })?.length ?? 0;
  const overLimit = messageLength > CONTACT_LIMITS.message.max;
  const sending = mutation.isPending;

  const nameError = text(errors.name?.message);
  const emailError = text(errors.email?.message);
  const messageError = text(errors.message?.message);
  const messageInvalid = !!errors.message || overLimit;

  return (
    <form noValidate aria-labelledby={`${id}-title`} aria-busy={sending} className={css.form} {...preloadOn(resolver)} onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      {siteKey ? <Script src={`https://www.google.com/recaptcha/api.js?render=explicit&hl=${locale}`} strategy="afterInteractive" onReady={renderCaptcha} /> : null}
      <h2 id={`${id}-title`} className={css.title}>
        {title ?? t('title')}
      </h2>
      <p className={css.help}>{t('help')}</p>
      <div className={ui.stack}>
        {mutation.isSuccess ? (
          <Alert severity="success" role="status" ref={successRef} tabIndex={-1}>
            {successText ?? t('success')}
          </Alert>
        ) : null}
        {failureText ? <Alert severity="error">{failureText}</Alert> : null}
        <Field id={`${id}-name`} label={t('name')} required error={nameError}>
          {(aria) => <input {...register('name')} {...aria} aria-invalid={!!errors.name} type="text" required autoComplete="name" className={ui.input} />}
        </Field>
        <Field id={`${id}-email`} label={t('email')} required error={emailError} hint={t('emailHelp')}>
          {(aria) => (
            <input
              {...register('email')}
              {...aria}
              aria-invalid={!!errors.email}
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              className={ui.input}
            />
          )}
        </Field>
        <Field
          id={`${id}-message`}
          label={t('message')}
          required
          invalid={messageInvalid}
          hint={
            <span className={css.messageHelper}>
              <span>{messageError}</span>
              <span className={css.counter}>{t('counter', { count: messageLength, max: CONTACT_LIMITS.message.max })}</span>
            </span>
          }
        >
          {(aria) => <textarea {...register('message')} {...aria} aria-invalid={messageInvalid} required rows={6} className={`${ui.input} ${ui.textarea} ${css.message}`} />}
        </Field>
        {/* Honeypot: people never see nor reach it; bots fill it and are refused. */}
        <div aria-hidden="true" className={css.honeypot}>
          <label htmlFor={`${id}-website`}>{t('honeypot')}</label>
          <input {...register('website')} id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        {siteKey ? (
          <div>
            <p id={`${id}-captcha`} className={css.captchaLabel}>
              {t('captcha')}
            </p>
            <div ref={captchaBox} aria-describedby={`${id}-captcha`} />
            {errors.captchaToken ? <p className={css.captchaError}>{text(errors.captchaToken.message)}</p> : null}
          </div>
        ) : null}
        <div>
          <button type="submit" disabled={sending} className={`${ui.button} ${ui.contained} ${css.submit}`}>
            {sending ? <span className={ui.spinner} aria-hidden="true" /> : <Icon path={SEND} size={22} />}
            {sending ? t('sending') : t('submit')}
          </button>
        </div>
      </div>
    </form>
  );
}
