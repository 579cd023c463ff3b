'use client';
/**
 * Error boundary for an unexpected failure while rendering a page (a database outage, say):
 * says what happened in the visitor's language and offers to try again; the details go to
 * the server log, never to the page.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useTranslations } from 'next-intl';

export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  return (
    <Container sx={{ py: 4 }}>
      <Alert severity="error" action={<Button onClick={reset}>{t('retry')}</Button>}>
        {t('generic')}
      </Alert>
    </Container>
  );
}
