'use client';
/**
 * The language globe (spec §2 Navigation, §4 Language): lists the other languages; choosing
 * one stores it in the siteLanguage cookie, switches the URL to that language and reloads the
 * menu (the layout re-renders on the server in the new language).
 *
 * Plain HTML (issue 23): the list is a popover opened by its button (popovertarget: Escape and
 * a click outside close it, with or without JavaScript); each language is a link to this page in
 * that language carrying `?setLanguage=`, so a visitor without JavaScript switches too (the
 * server stores the choice: proxy.ts). The browser's own tooltip names the globe (as the menu titles, spec §9).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useTransition, type MouseEvent } from 'react';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import { storeLanguageChoice } from '@/lib/i18n/cookie';
import { CHOOSE_LANGUAGE_PARAM, type Locale } from '@/lib/i18n/routing';
import { Icon } from '@/components/ui/Icon';
import { LANGUAGE } from '@/components/ui/icons/language';
import shell from '@/components/layout/shell.module.css';
import { usePopoverMenu } from './popover-menu';
import styles from './menu.module.css';

export interface LanguageOption {
  locale: Locale;
  name: string;
}

const MENU_ID = 'language-menu';

export function LanguageMenu({ languages }: { languages: LanguageOption[] }) {
  const t = useTranslations('shell');
  const current = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const list = useRef<HTMLUListElement>(null);
  const menu = usePopoverMenu(list);
  const others = languages.filter((l) => l.locale !== current);
  if (!others.length) return null;

  const choose = (locale: Locale, event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    menu.close();
    storeLanguageChoice(locale);
    startTransition(() => {
      router.replace(`${pathname}${window.location.search}`, { locale });
      router.refresh();
    });
  };

  return (
    <>
      <button
        type="button"
        className={shell.iconButton}
        title={t('chooseLanguage')}
        aria-label={t('chooseLanguage')}
        aria-haspopup="menu"
        aria-expanded={menu.open ? 'true' : 'false'}
        aria-controls={MENU_ID}
        disabled={pending}
        style={{ anchorName: '--language-menu' } as React.CSSProperties}
        popoverTarget={MENU_ID}
      >
        <Icon path={LANGUAGE} />
      </button>
      <ul ref={list} id={MENU_ID} role="menu" aria-label={t('chooseLanguage')} className={styles.popover} style={{ positionAnchor: '--language-menu' } as React.CSSProperties} onKeyDown={menu.onKeyDown} popover="auto">
        {others.map((l) => (
          <li role="none" key={l.locale}>
            <Link href={{ pathname, query: { [CHOOSE_LANGUAGE_PARAM]: l.locale } }} locale={l.locale} role="menuitem" lang={l.locale} hrefLang={l.locale} className={styles.menuItem} onClick={(e) => choose(l.locale, e)}>
              {l.name}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
