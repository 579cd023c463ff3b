/**
 * Subscribe and download links of a calendar's iCalendar feed (spec §2: each calendar is a
 * feed a phone can subscribe to, per promoter and per organization): "Subscribe" opens the
 * `webcal://` address in the visitor's calendar app, "Download .ics" saves the file, and a
 * one-line hint says how to subscribe on a phone. The feed is named in the page's language.
 * Plain HTML from the server (issue 23: MUI's Button and Typography before).
 */
import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import { Icon } from '@/components/ui/Icon';
import { DOWNLOAD } from '@/components/ui/icons/download';
import ui from '@/components/ui/ui.module.css';
import type { Locale } from '@/lib/config';
import { icsHref, icsPaths, type CalendarScope } from '@/lib/contracts/calendar';
import { publicOrigin } from '@/lib/server/http/public-origin';
import css from './calendar.module.css';

/** Material icon EventRepeat (its path). */
const EVENT_REPEAT =
  'M21 12V6c0-1.1-.9-2-2-2h-1V2h-2v2H8V2H6v2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h7v-2H5V10h14v2zm-5.36 8c.43 1.45 1.77 2.5 3.36 2.5 1.93 0 3.5-1.57 3.5-3.5s-1.57-3.5-3.5-3.5c-.95 0-1.82.38-2.45 1H18V18h-4v-4h1.5v1.43c.9-.88 2.14-1.43 3.5-1.43 2.76 0 5 2.24 5 5s-2.24 5-5 5c-2.42 0-4.44-1.72-4.9-4z';

/** The host visitors reach the site at (the same origin the feed's own addresses use). */
async function publicHost(): Promise<string> {
  const h = await headers();
  return new URL(publicOrigin((name) => h.get(name))).host;
}

export async function CalendarFeedLinks({ locale, scope }: { locale: Locale; scope?: CalendarScope }) {
  const t = await getTranslations({ locale, namespace: 'calendarViews.feeds' });
  const path = icsHref(icsPaths.feed(scope), locale);
  const webcal = `webcal://${await publicHost()}${path}`;
  return (
    <aside aria-labelledby="calendar-feeds-title" data-testid="calendar-feeds" className={css.feeds}>
      <h2 id="calendar-feeds-title" className={ui.h6}>
        {t('title')}
      </h2>
      <div className={css.feedLinks}>
        <a href={webcal} className={`${ui.button} ${ui.contained} ${css.tall}`}>
          <Icon path={EVENT_REPEAT} size={20} />
          {t('subscribe')}
          <span className="visually-hidden"> {t('subscribeMore')}</span>
        </a>
        <a href={path} download className={`${ui.button} ${ui.outlined} ${css.tall}`}>
          <Icon path={DOWNLOAD} size={20} />
          {t('download')}
          <span className="visually-hidden"> {t('downloadMore')}</span>
        </a>
      </div>
      <p className={`${ui.body2} muted`}>{t('hint')}</p>
    </aside>
  );
}
