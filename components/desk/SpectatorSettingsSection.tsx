/**
 * The spectator-tickets section of an event's desk page (issue 28 "the event sets ticket prices,
 * age bands, daily capacity and whether a selfie is required, in the desk"; "The gate scanner in
 * the desk"): its heading, the settings form (./SpectatorSettings as an island, its initial values
 * server-rendered) and the link to the gate scanner. Server component; the page has checked
 * `event.edit` already (getSpectatorSettings checks it again).
 */
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import { getSpectatorSettings } from '@/lib/server/desk';
import type { Viewer } from '@/lib/server/policy';
import css from './desk.module.css';
import { SpectatorSettingsIsland } from './islands';

export async function SpectatorSettingsSection({ locale, eventId, viewer }: { locale: Locale; eventId: number; viewer: Viewer }) {
  const [settings, t] = await Promise.all([getSpectatorSettings(viewer, eventId), getTranslations({ locale, namespace: 'desk.spectators' })]);
  return (
    <section aria-labelledby="desk-spectators">
      <h2 id="desk-spectators" className={css.formTitle}>
        {t('title')}
      </h2>
      {/* Not keyed: after a save the form's own values are what was saved (it resets to them). */}
      <SpectatorSettingsIsland eventId={eventId} initial={settings} />
      <p className={css.actions}>
        <Link href={`/desk/events/${eventId}/gate`}>{t('gateLink')}</Link>
      </p>
    </section>
  );
}
