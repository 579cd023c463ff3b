/**
 * Where the event is, on a map (spec §3 site parameters: maps key name): a Google Maps Embed
 * API place map of the venue's address, loaded lazily by the browser (`loading="lazy"`), with a
 * link that opens the map in a new tab (announced). Rendered only when the site has a maps key
 * and the event an address; otherwise the header links the address to a map search. Plain
 * HTML from the server (issue 23).
 */
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { mapEmbedUrl, mapSearchUrl } from './event-format';
import css from './event-page.module.css';

export async function EventMap({ locale, mapsKey, query, place }: { locale: Locale; mapsKey: string; query: string; place: string }) {
  const [t, shell] = await Promise.all([getTranslations({ locale, namespace: 'eventPage' }), getTranslations({ locale, namespace: 'shell' })]);
  return (
    <div className={`${css.map} no-print`}>
      <iframe
        className={css.mapFrame}
        src={mapEmbedUrl(mapsKey, query)}
        title={t('map.title', { place })}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        allowFullScreen
      />
      <div className={css.mapLink}>
        <a href={mapSearchUrl(query)} target="_blank" rel="noopener noreferrer">
          {t('map.open')}
          <span className="visually-hidden"> {shell('opensInNewTab')}</span>
        </a>
      </div>
    </div>
  );
}
