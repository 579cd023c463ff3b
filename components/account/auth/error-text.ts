'use client';
/**
 * The text of a failed auth call for an alert (spec §8 Login and reset): the API's code when
 * `auth.errors` has it ('The password or email is wrong', the token messages …; a 429 with its
 * wait in whole minutes), else no connection / a generic failure.
 */
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { AuthCallError } from '@/lib/api/auth';

/** `(error) => text` in the page's language. */
export function useAuthErrorText(): (err: AuthCallError | null | undefined) => string | null {
  const t = useTranslations('auth.errors');
  return useCallback(
    (err) => {
      if (!err) return null;
      if (err.code === 'network_error') return t('network_error');
      if (err.apiCode && t.has(err.apiCode)) {
        return t(err.apiCode, { minutes: Math.max(1, Math.ceil((err.retryAfterS ?? 60) / 60)) });
      }
      return t('request_error');
    },
    [t],
  );
}
