'use client';
/**
 * Online/offline status shown to the visitor (spec §4, §8 "Offline status is tracked"): a
 * banner while the browser is offline, and a short "back online" notice when it returns.
 */
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The offline banner and the back-online notice; renders nothing while online. */
export function OnlineStatus() {
  const t = useTranslations('shell');
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  const wasOffline = useRef(false);
  const [backOnline, setBackOnline] = useState(false);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      setBackOnline(true);
    }
  }, [online]);
  return (
    <>
      <Snackbar open={!online} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="warning" variant="filled" role="status" sx={{ width: '100%' }}>
          {t('offline')}
        </Alert>
      </Snackbar>
      <Snackbar open={online && backOnline} autoHideDuration={4000} onClose={() => setBackOnline(false)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="success" variant="filled" role="status" onClose={() => setBackOnline(false)} sx={{ width: '100%' }}>
          {t('online')}
        </Alert>
      </Snackbar>
    </>
  );
}
