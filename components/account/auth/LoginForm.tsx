'use client';
/**
 * The login form (spec §2 /login; §8 Login and reset): email and password (show/hide), checked
 * with the shared `loginInput` contract (its zod fetched on the form's first focus: ./schemas.ts), sent with `useLogin` (POST /ll/api/v1/auth/login).
 * Field codes land on their fields (the first invalid field gets the focus); a refusal —
 * 'The password or email is wrong', too many attempts with the wait in minutes, no connection —
 * shows in an alert that is announced, and the password is cleared and focused again. On
 * success a full navigation (not a client transition) opens `next` in the page's language, so
 * the server-rendered header shows the session. Links to /forgotPassword and to account
 * creation. `method="post"`: without JavaScript nothing lands in the address bar. Native
 * controls (issue 23: no MUI; ../fields and ./auth.module.css).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { EmailField } from '@/components/account/fields/EmailField';
import { PasswordField } from '@/components/account/fields/PasswordField';
import { Icon } from '@/components/ui/Icon';
import { LOGIN } from '@/components/ui/icons/login';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';
import { useLogin } from '@/lib/api/auth';
import { BASE_PATH, type Locale } from '@/lib/config';
import type { LoginInput } from '@/lib/contracts/account';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import { Link } from '@/lib/i18n/navigation';
import { localizedPath } from '@/lib/i18n/routing';
import css from './auth.module.css';
import { useAuthErrorText } from './error-text';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

/** `loginInput` through `zodResolver`, fetched on the form's first focus (issue 23: no zod in the first load). */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.loginResolver));

export interface LoginFormProps {
  /** Where to go once logged in: a checked site path without language prefix (next-path.ts). */
  next: string;
  /** The id of the card's heading (the form's accessible name). */
  labelledBy: string;
}

export function LoginForm({ next, labelledBy }: LoginFormProps) {
  const t = useTranslations('auth');
  const tf = useTranslations('accountFields');
  const locale = useLocale() as Locale;
  const login = useLogin();
  const errorText = useAuthErrorText();
  const alertRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, setError, setValue, setFocus } = useForm<LoginInput>({
    resolver,
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = (values: LoginInput) => {
    login.mutate(values, {
      onSuccess: () => {
        // A full navigation on purpose: the header (a server component) must be rendered again with the session.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign(`${BASE_PATH}${localizedPath(locale, next)}`);
      },
      onError: (err) => {
        const onFields = err.issues.filter((i) => FIELDS.includes(i.path[0] as Field));
        onFields.forEach((issue, n) => setError(issue.path[0] as Field, { message: issue.code }, { shouldFocus: n === 0 }));
        if (!onFields.length) {
          setValue('password', '');
          setFocus('password');
        }
      },
    });
  };

  const failure = login.isError && !login.error.issues.some((i) => FIELDS.includes(i.path[0] as Field)) ? errorText(login.error) : null;
  const pending = login.isPending || login.isSuccess;

  useEffect(() => {
    if (failure) alertRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failure]);

  return (
    <form method="post" noValidate aria-labelledby={labelledBy} aria-busy={pending} className={ui.stack} {...preloadOn(resolver)} onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      {failure ? (
        <Alert severity="error" ref={alertRef}>
          {failure}
        </Alert>
      ) : null}
      {login.isSuccess ? (
        <Alert severity="success" role="status">
          {t('login.success')}
        </Alert>
      ) : null}
      <EmailField
        control={control}
        name="email"
        label={tf('email')}
        required
      />
      <PasswordField control={control} name="password" autoComplete="current-password" />
      <div className={css.forgot}>
        <Link href="/forgotPassword" className={css.link}>
          {t('login.forgot')}
        </Link>
      </div>
      <button type="submit" disabled={pending} className={`${ui.button} ${ui.contained} ${ui.fullWidth} ${ui.large} ${ui.upper}`}>
        {pending ? <span className={ui.spinner} aria-hidden="true" /> : <Icon path={LOGIN} size={22} />}
        {pending ? t('login.submitting') : t('login.submit')}
      </button>
      <hr className={css.divider} />
      <div className={css.signup}>
        <p>{t('login.noAccount')}</p>
        <Link href="/registration/participant" className={`${ui.button} ${ui.outlined} ${ui.upper}`}>
          {t('login.create')}
        </Link>
      </div>
    </form>
  );
}
