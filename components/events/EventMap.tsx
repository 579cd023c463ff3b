/**
 * Where the event is, on a map (spec §3 site parameters: maps key name): a Google Maps Embed
 * API place map of the venue's address, loaded lazily, with a link that opens the map in a
 * new tab (announced). Rendered only when the site has a maps key and the event an address;
 * otherwise the header links the address to a map search.
 */
import Box from '@mui/material/Box';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { mapEmbedUrl, mapSearchUrl } from './event-format';

export async function EventMap({ locale, mapsKey, query, place }: { locale: Locale; mapsKey: string; query: string; place: string }) {
  const [t, shell] = await Promise.all([getTranslations({ locale, namespace: 'eventPage' }), getTranslations({ locale, namespace: 'shell' })]);
  return (
    <Box sx={{ mt: 2 }} className="no-print">
      <Box
        component="iframe"
        src={mapEmbedUrl(mapsKey, query)}
        title={t('map.title', { place })}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        allowFullScreen
        sx={{ display: 'block', width: '100%', height: { xs: 220, sm: 300 }, border: 0, borderRadius: 1, bgcolor: 'action.hover' }}
      />
      <Box sx={{ mt: 0.75, fontSize: '0.875rem' }}>
        <a href={mapSearchUrl(query)} target="_blank" rel="noopener noreferrer">
          {t('map.open')}
          <span className="visually-hidden"> {shell('opensInNewTab')}</span>
        </a>
      </Box>
    </Box>
  );
}
