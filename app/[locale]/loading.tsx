/** The loading overlay shown while a page's data loads (spec §2 Layouts: overlay with a spinner). */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslations } from 'next-intl';

export default function Loading() {
  const t = useTranslations('common');
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 8 }}>
      <CircularProgress size={32} aria-hidden />
      <span>{t('loading')}</span>
    </Box>
  );
}
