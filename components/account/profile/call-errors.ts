'use client';
/**
 * What the account forms do with a refused call (lib/api/account `AccountCallError`): the
 * field issues of a 400 land on their fields (react-hook-form `setError`, the first focused),
 * anything else becomes one translated sentence for an alert (`account.errors.<code>`: the
 * API's code when the messages know it, else network_error / request_error; 429 with the
 * minutes to wait).
 */
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { AccountCallError } from '@/lib/api/account';

/**
 * Puts the issues of `err` whose path starts with one of `fields` on those fields (paths are
 * mapped with `rename` first, e.g. `firstName` → `children.0.firstName`). Returns how many landed.
 */
export function applyIssues<T extends FieldValues>(
  err: AccountCallError,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  rename: (path: string) => string = (p) => p,
): number {
  let landed = 0;
  for (const issue of err.issues) {
    const path = issue.path.map(String).join('.');
    if (!fields.some((f) => path === f || path.startsWith(`${f}.`))) continue;
    setError(rename(path) as Path<T>, { type: 'server', message: issue.code }, { shouldFocus: landed === 0 });
    landed += 1;
  }
  return landed;
}

/** `(err) => sentence` for the alert of a refusal not shown on a field. */
export function useFailureText(): (err: AccountCallError | null | undefined) => string | null {
  const t = useTranslations('account.errors');
  return useCallback(
    (err) => {
      if (!err) return null;
      const code = err.apiCode && t.has(err.apiCode) ? err.apiCode : err.code;
      return t(code, { minutes: err.retryAfterS ? Math.max(1, Math.ceil(err.retryAfterS / 60)) : 15 });
    },
    [t],
  );
}
