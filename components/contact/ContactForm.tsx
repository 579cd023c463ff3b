'use client';
/**
 * The contact form (spec §1 "a contact page"; §5 Email): name, email and message checked with
 * the shared contract (`contactMessageInput` through `zodResolver`), errors shown under each
 * field in the page's language (`contact.errors.<code>`), a character counter for the message,
 * a reCAPTCHA v2 checkbox only when the CMS gives a site key, and a honeypot field hidden from
 * people and assistive technology. Sends with `useSendContactMessage` (POST /ll/api/v1/contact);
 * the server's field codes land on their fields, any other refusal (rate limit with its wait,
 * outbox unavailable, no connection) in an alert. Phone first: one full-width column.
 *
 * On an organization's contact page (spec §2 /organizations/{id?}/contact) the page passes the
 * organization's id (sent as `organizationId`: the server looks up its address) and its own
 * translated title and success text naming the organization.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslations } from 'next-intl';
import Script from 'next/script';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSendContactMessage, type ContactSendError } from '@/lib/api/contact';
import type { Locale } from '@/lib/config';
import { CONTACT_LIMITS, contactFormInput, type ContactMessageFields, type ContactMessageInput } from '@/lib/contracts/contact';

/** The fields a server issue can be shown on. */
const FIELDS = ['name', 'email', 'message', 'captchaToken'] as const;
type Field = (typeof FIELDS)[number];

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

/** Off-screen rather than `display: none`, so bots still see and fill it. */
const honeypotSx = { position: 'absolute', left: '-10000px', top: 'auto', width: '1px', height: '1px', overflow: 'hidden' } as const;

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
    resolver: zodResolver(contactFormInput),
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

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={`${id}-title`}
      aria-busy={sending}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      sx={{ width: '100%', maxWidth: 640, position: 'relative', mt: 3 }}
    >
      {siteKey ? <Script src={`https://www.google.com/recaptcha/api.js?render=explicit&hl=${locale}`} strategy="afterInteractive" onReady={renderCaptcha} /> : null}
      <Typography id={`${id}-title`} variant="h5" component="h2" gutterBottom>
        {title ?? t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('help')}
      </Typography>
      <Stack spacing={2}>
        {mutation.isSuccess ? (
          <Alert severity="success" role="status" ref={successRef} tabIndex={-1}>
            {successText ?? t('success')}
          </Alert>
        ) : null}
        {failureText ? (
          <Alert severity="error" role="alert">
            {failureText}
          </Alert>
        ) : null}
        <TextField
          {...register('name')}
          id={`${id}-name`}
          label={t('name')}
          required
          fullWidth
          autoComplete="name"
          error={!!errors.name}
          helperText={text(errors.name?.message)}
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        <TextField
          {...register('email')}
          id={`${id}-email`}
          label={t('email')}
          type="email"
          required
          fullWidth
          autoComplete="email"
          error={!!errors.email}
          helperText={text(errors.email?.message) ?? t('emailHelp')}
          slotProps={{ htmlInput: { 'aria-required': true, inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
        />
        <TextField
          {...register('message')}
          id={`${id}-message`}
          label={t('message')}
          required
          fullWidth
          multiline
          minRows={6}
          error={!!errors.message || overLimit}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <span>{text(errors.message?.message)}</span>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {t('counter', { count: messageLength, max: CONTACT_LIMITS.message.max })}
              </Box>
            </Box>
          }
          slotProps={{ htmlInput: { 'aria-required': true } }}
        />
        {/* Honeypot: people never see nor reach it; bots fill it and are refused. */}
        <Box aria-hidden="true" sx={honeypotSx}>
          <label htmlFor={`${id}-website`}>{t('honeypot')}</label>
          <input {...register('website')} id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" />
        </Box>
        {siteKey ? (
          <Box>
            <Typography variant="body2" id={`${id}-captcha`} sx={{ mb: 1 }}>
              {t('captcha')}
            </Typography>
            <div ref={captchaBox} aria-describedby={`${id}-captcha`} />
            {errors.captchaToken ? <FormHelperText error>{text(errors.captchaToken.message)}</FormHelperText> : null}
          </Box>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" size="large" loading={sending} loadingPosition="start" startIcon={<SendIcon />} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            {sending ? t('sending') : t('submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
