/** The interface strings of a language: `messages/{locale}.json`, grouped by feature (top-level namespaces). */
import type { Locale } from '../config';

import type en from '../../messages/en.json';

/** The shape of every language's messages (the parity test keeps fr and es to English's keys). */
export type Messages = typeof en;

/** Every message of `locale`, for translators outside a page render (`createTranslator`). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await import(`../../messages/${locale}.json`)).default as Messages;
}
