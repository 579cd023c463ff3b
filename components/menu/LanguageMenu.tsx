'use client';
/**
 * The language globe (spec §2 Navigation, §4 Language): lists the other languages; choosing
 * one stores it in the siteLanguage cookie, switches the URL to that language and reloads the
 * menu (the layout re-renders on the server in the new language).
 */
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import LanguageIcon from '@mui/icons-material/Language';
import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { storeLanguageChoice } from '@/lib/i18n/cookie';
import type { Locale } from '@/lib/i18n/routing';

export interface LanguageOption {
  locale: Locale;
  name: string;
}

export function LanguageMenu({ languages, color }: { languages: LanguageOption[]; color: string }) {
  const t = useTranslations('shell');
  const current = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, startTransition] = useTransition();
  const others = languages.filter((l) => l.locale !== current);
  if (!others.length) return null;

  const choose = (locale: Locale) => {
    setAnchor(null);
    storeLanguageChoice(locale);
    startTransition(() => {
      router.replace(`${pathname}${window.location.search}`, { locale });
      router.refresh();
    });
  };

  return (
    <>
      {/* The browser's own tooltip (as the menu titles, spec §9): MUI's Tooltip brought its
          positioning library, 7 KiB of gzip, to every page (issue 23). */}
      <IconButton
        title={t('chooseLanguage')}
        aria-label={t('chooseLanguage')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'language-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={pending}
        sx={{ color }}
      >
        <LanguageIcon />
      </IconButton>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {others.map((l) => (
          <MenuItem key={l.locale} lang={l.locale} onClick={() => choose(l.locale)}>
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
