/** The 404 page (spec §2 Not-found page): 'This page could not be found', HTTP 404. */
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';

export default function NotFound() {
  const t = useTranslations('errors');
  return (
    <Container sx={{ py: 6 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('notFound')}
      </Typography>
      <Link href="/">{t('backHome')}</Link>
    </Container>
  );
}
