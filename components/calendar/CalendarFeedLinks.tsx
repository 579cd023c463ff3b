/**
 * Subscribe and download links of a calendar's iCalendar feed (spec §2: each calendar is a
 * feed a phone can subscribe to, per promoter and per organization): "Subscribe" opens the
 * `webcal://` address in the visitor's calendar app, "Download .ics" saves the file, and a
 * one-line hint says how to subscribe on a phone. The feed is named in the page's language.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { getTranslations } from 'next-intl/server';
import { headers } from 'next/headers';
import type { Locale } from '@/lib/config';
import { icsHref, icsPaths, type CalendarScope } from '@/lib/contracts/calendar';
import { publicOrigin } from '@/lib/server/http/public-origin';

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
    <Box component="aside" aria-labelledby="calendar-feeds-title" data-testid="calendar-feeds" sx={{ mt: 3, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography id="calendar-feeds-title" component="h2" variant="h6" gutterBottom>
        {t('title')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Button href={webcal} variant="contained" startIcon={<EventRepeatIcon />} sx={{ minHeight: 44 }}>
          {t('subscribe')}
          <span className="visually-hidden"> {t('subscribeMore')}</span>
        </Button>
        <Button href={path} download variant="outlined" startIcon={<DownloadIcon />} sx={{ minHeight: 44 }}>
          {t('download')}
          <span className="visually-hidden"> {t('downloadMore')}</span>
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('hint')}
      </Typography>
    </Box>
  );
}
