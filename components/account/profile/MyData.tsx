'use client';
/**
 * "My data" on the account page (issue 11 "A participant can download everything the site
 * holds about them (JSON) and close their account"; Quebec's Law 25, PIPEDA): the download is
 * a plain link to GET /ll/api/v1/users/current/export (a JSON file, `Content-Disposition:
 * attachment`: it works without JavaScript), then closing the account (./CloseAccount).
 */
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { accountPaths } from '@/lib/api/account';
import { CloseAccount } from './CloseAccount';

export function MyData({ minors }: { minors: number }) {
  const t = useTranslations('account.data');
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography sx={{ mb: 1.5 }}>{t('downloadIntro')}</Typography>
        <Button variant="contained" href={accountPaths.export} download startIcon={<DownloadIcon />} data-testid="download-data">
          {t('download')}
        </Button>
      </Box>
      <Box>
        <Typography component="h3" variant="h6" sx={{ fontSize: 17, fontWeight: 600, mb: 1 }}>
          {t('closeTitle')}
        </Typography>
        <Typography sx={{ mb: 1.5 }}>{t('closeIntro')}</Typography>
        <CloseAccount minors={minors} />
      </Box>
    </Box>
  );
}
