'use client';
/**
 * The Existing Account step (spec §4, shown only when the check or the server found a likely
 * duplicate: same name and date of birth; §8 'It looks like you may already have an account'
 * with the guidance to use the existing account, reset its password, or add a surname
 * initial). Back to change the details; Skip to create the account anyway
 * (`acknowledgeDuplicate`).
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { StepButtons, type StepNav } from './StepForm';

export function ExistingAccountStep({ nav }: { nav: StepNav }) {
  const t = useTranslations('accountStepper');
  return (
    <Box>
      <Alert severity="warning">
        <AlertTitle component="p">{t('existing.title')}</AlertTitle>
        {t('existing.body')}
      </Alert>
      <Box component="ul" sx={{ pl: 2.5, mt: 2, '& li': { mb: 1.5 } }}>
        <li>
          <Typography>
            {t('existing.useExisting')} <Link href="/login">{t('logIn')}</Link>
          </Typography>
        </li>
        <li>
          <Typography>
            {t('existing.forgot')} <Link href="/forgotPassword">{t('forgotPassword')}</Link>
          </Typography>
        </li>
        <li>
          <Typography>{t('existing.another')}</Typography>
        </li>
      </Box>
      <Typography color="text.secondary">{t('existing.skipHint')}</Typography>
      <StepButtons nav={nav} t={t} />
    </Box>
  );
}
