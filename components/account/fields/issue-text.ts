'use client';
/**
 * The text of an account field's issue code (spec §5, §8): `accountFields.errors.<code>` (every
 * `invalid_*` / `null_*` code of lib/contracts/account.ts), else `accountStepper.errors.<code>`
 * (refusals of the whole registration such as `email_taken`), else the generic
 * 'Failed to register. Please try again.'. `undefined` in, `undefined` out.
 */
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';

/** `(code) => text` for the fields' helper texts and the stepper's alerts. */
export function useIssueText(): (code: string | undefined | null) => string | undefined {
  const fields = useTranslations('accountFields');
  const stepper = useTranslations('accountStepper');
  return useCallback(
    (code) => {
      if (!code) return undefined;
      if (fields.has(`errors.${code}`)) return fields(`errors.${code}`);
      if (stepper.has(`errors.${code}`)) return stepper(`errors.${code}`);
      return stepper('errors.registration_failed');
    },
    [fields, stepper],
  );
}

/** `prefix` + `.` + `key`, or `key` alone without a prefix (`fieldName('address', 'zip')` → `address.zip`). */
export function fieldName(prefix: string | undefined, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}
