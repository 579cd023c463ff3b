'use client';
/**
 * Online/offline status shown to the visitor (spec §4, §8 "Offline status is tracked"; issue
 * 10 "the offline state shown"): while the browser is offline, a banner saying so and when
 * the copy on screen was saved — the time the service worker stored it when the page came
 * from its saved copy (app/sw.ts), else the time the page was loaded; while online, when the
 * page came from a saved copy anyway (the site did not answer within 3 s), a notice with that
 * time and a reload button; a short "back online" notice when the connection returns. A
 * navigation inside the app (fresh content) clears the saved-copy notice. Plain HTML (issue 23).
 */
import { useLocale, useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { PAGE_SOURCE_MESSAGE, type PageSource } from '@/components/pwa/sw-rules';
import { intlLocale } from '@/lib/format';
import { Notice } from './Notice';
import styles from './shell.module.css';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const noSubscription = () => () => {};

/** Asks the service worker controlling this page where its document came from (null: no worker, or no answer within 2 s). */
function askPageSource(): Promise<PageSource | null> {
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = window.setTimeout(() => resolve(null), 2000);
    channel.port1.onmessage = (e: MessageEvent<PageSource | null>) => {
      window.clearTimeout(timer);
      resolve(e.data ?? null);
    };
    worker.postMessage({ type: PAGE_SOURCE_MESSAGE }, [channel.port2]);
  });
}

/** Calls `onNavigate` after each navigation inside the app (path or query changed). */
function NavigationWatcher({ onNavigate }: { onNavigate: () => void }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const first = useRef(`${pathname}?${search}`);
  useEffect(() => {
    if (`${pathname}?${search}` !== first.current) onNavigate();
  }, [pathname, search, onNavigate]);
  return null;
}

/** The offline banner, the saved-copy notice and the back-online notice; nothing while online on a fresh page. */
/** One date-and-time formatter per language, built when first needed. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(locale: string): Intl.DateTimeFormat {
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formatters.set(locale, format);
  }
  return format;
}

export function OnlineStatus() {
  const t = useTranslations('shell');
  const tt = useTranslations('trackside.offline');
  const locale = useLocale();
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  const wasOffline = useRef(false);
  const [backOnline, setBackOnline] = useState(false);
  const [source, setSource] = useState<PageSource | null>(null);
  const [fresh, setFresh] = useState(false);
  // When this document was loaded (null while rendering on the server).
  const loadedAt = useSyncExternalStore(noSubscription, () => Math.round(performance.timeOrigin), () => null);

  useEffect(() => {
    let live = true;
    void askPageSource().then((s) => {
      if (live && s && s.url.split('#')[0] === window.location.href.split('#')[0]) setSource(s);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      setBackOnline(true);
    }
  }, [online]);

  const closeBackOnline = useCallback(() => setBackOnline(false), []);
  const savedAt = !fresh && source?.savedAt ? Date.parse(source.savedAt) : null;
  const time = (ms: number | null) => (ms === null || Number.isNaN(ms) ? '' : dateTimeFormat(intlLocale(locale)).format(ms));
  // Only formatted when shown (a date formatter costs a few milliseconds to build, issue 23).
  const offlineText = online ? '' : savedAt !== null ? tt('savedCopy', { time: time(savedAt) }) : loadedAt !== null ? tt('loadedCopy', { time: time(loadedAt) }) : t('offline');

  return (
    <>
      <Suspense fallback={null}>
        <NavigationWatcher onNavigate={() => setFresh(true)} />
      </Suspense>
      <Notice open={!online} severity="warning" data-testid="offline-status">
        {offlineText}
      </Notice>
      <Notice
        open={online && savedAt !== null}
        severity="info"
        data-testid="saved-copy-status"
        action={
          <button type="button" className={styles.noticeAction} onClick={() => window.location.reload()}>
            {tt('reload')}
          </button>
        }
      >
        {savedAt !== null ? tt('cachedOnline', { time: time(savedAt) }) : null}
      </Notice>
      <Notice open={online && backOnline} severity="success" autoHideMs={4000} onClose={closeBackOnline}>
        {t('online')}
      </Notice>
    </>
  );
}
