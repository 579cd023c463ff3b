/** The interface strings of a language: `messages/{locale}.json`, grouped by feature (top-level namespaces). */
import type { Locale } from '../config';

type Messages = Record<string, unknown>;

/** Every message of `locale`. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await import(`../../messages/${locale}.json`)).default as Messages;
}
