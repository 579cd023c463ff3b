/**
 * The event page's tabs as links (spec §2 Event page; DESIGN.md: tabs as links with
 * `aria-current="page"`, switched by `?tab=` on the server, no JavaScript needed): a named
 * navigation landmark, the current tab marked, the MUI tab look in plain HTML and CSS (issue
 * 23); on a phone the tabs wrap onto a second line rather than hide off-screen.
 */
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import { EVENT_TABS, eventTabHref, type EventTab } from './event-format';
import css from './event-page.module.css';

export async function EventTabs({ locale, path, current }: { locale: Locale; path: string; current: EventTab }) {
  const t = await getTranslations({ locale, namespace: 'eventPage' });
  return (
    <nav aria-label={t('tabs.label')} className={`${css.tabs} no-print`}>
      <ul className={css.tabList}>
        {EVENT_TABS.map((tab) => (
          <li key={tab}>
            <Link href={eventTabHref(path, tab)} scroll={false} className={css.tab} aria-current={tab === current ? 'page' : undefined}>
              {t(`tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
