import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { FEDERATION_TIME_ZONE } from '../config';
import { loadMessages } from './messages';
import { routing } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: await loadMessages(locale),
    // Said once rather than asked of the runtime on every request (next-intl would), and the
    // same on the server and in the browser: the federation's own time zone.
    timeZone: FEDERATION_TIME_ZONE,
  };
});
