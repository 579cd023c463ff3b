/**
 * The interface strings of a language: `messages/{locale}.json` merged with the feature files
 * of `messages/parts/` (`{part}.{locale}.json`, each holding whole top-level namespaces).
 */
import type { Locale } from '../config';

/** Feature files under messages/parts/, each with one file per language. */
export const MESSAGE_PARTS = ['calendarViews', 'eventPage', 'directory'] as const;

type Messages = Record<string, unknown>;

/** Every message of `locale`; a namespace of a part replaces one of the same name. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const base = (await import(`../../messages/${locale}.json`)).default as Messages;
  const parts = await Promise.all(MESSAGE_PARTS.map(async (part) => (await import(`../../messages/parts/${part}.${locale}.json`)).default as Messages));
  return Object.assign({}, base, ...parts);
}
