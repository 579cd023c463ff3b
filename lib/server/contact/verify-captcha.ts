/**
 * reCAPTCHA v2 on the contact form (issue: "the captcha site key from the parameters when
 * set"): required only when the CMS parameter CaptchaSiteKey and the environment's
 * CAPTCHA_SECRET_KEY are both set; the visitor's token is then checked with Google's
 * siteverify (5 s timeout). Without them the form has no captcha.
 */
import 'server-only';
import { AppError } from '../../errors';

export const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const CAPTCHA_TIMEOUT_MS = 5000;

/** The secret to verify with, or null when the captcha is off (either key missing). */
export function captchaSecret(siteKey: string | null | undefined, secretKey: string | null | undefined): string | null {
  return siteKey?.trim() && secretKey?.trim() ? secretKey : null;
}

/**
 * Checks `token` with siteverify (form POST: secret, response, remoteip).
 * @throws AppError 400 `null_captcha` when there is no token; 400 `invalid_captcha` when Google
 * says no, answers garbage, or cannot be reached within 5 s (logged: the visitor can retry).
 */
export async function verifyCaptcha(token: string | undefined, secret: string, ip: string): Promise<void> {
  if (!token) throw new AppError('null_captcha');
  let success = false;
  try {
    const body = new URLSearchParams({ secret, response: token });
    if (ip !== 'unknown') body.set('remoteip', ip);
    const res = await fetch(SITEVERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(CAPTCHA_TIMEOUT_MS) });
    const reply = (await res.json()) as { success?: unknown; 'error-codes'?: unknown };
    success = res.ok && reply.success === true;
    if (!success) console.warn('[contact] captcha refused:', JSON.stringify(reply['error-codes'] ?? res.status));
  } catch (err) {
    console.error('[contact] captcha verification unavailable:', err instanceof Error ? err.message : err);
  }
  if (!success) throw new AppError('invalid_captcha');
}
