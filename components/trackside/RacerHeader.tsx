/**
 * The selected racer above the results, laps and points tabs (spec §3 Trackside participant
 * search: racer name, race number, location): their name (the tab's heading), number, class
 * and location, and the race they ride now, linking to its live page. Needs only the racer's
 * summary (no series standings).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import type { RacerSummary } from '@/lib/contracts/trackside';
import { Link } from '@/lib/i18n/navigation';

export async function RacerHeader({ locale, racer, headingId }: { locale: Locale; racer: RacerSummary; headingId: string }) {
  const t = await getTranslations({ locale, namespace: 'trackside' });
  const facts = [racer.raceNumber ? t('racerNumber', { number: racer.raceNumber }) : null, racer.className, racer.location].filter((f): f is string => !!f);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="h2" variant="h5" id={headingId} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="racer-name">
        {racer.racerName}
      </Typography>
      {facts.length > 0 && (
        <Typography color="text.secondary" sx={{ fontSize: 15 }}>
          {facts.join(' · ')}
        </Typography>
      )}
      {racer.live && (
        <Alert severity="success" icon={false} sx={{ mt: 1, py: 0 }} data-testid="racer-live">
          <Box component="span" sx={{ fontWeight: 700, mr: 0.5 }}>
            ● {t('racer.liveNow')}
          </Box>
          <Link href={`/races/${racer.live.raceId}`}>{t('racer.watchLive', { race: racer.live.raceName, event: racer.live.eventName })}</Link>
        </Alert>
      )}
    </Box>
  );
}
