/**
 * What /resetPassword shows for a link that cannot be used (spec §8 Login and reset, texts
 * verbatim in English): 'Invalid access. You do not have a proper token!' (no token, or one
 * naming no reset), 'The token provided could not be decoded', 'Your opportunity to reset your
 * password has expired. You have one hour' and 'This reset your password link has already been
 * used', each with a link to ask for a new one (/forgotPassword). An alert (`role="alert"`).
 * No directive: the server page renders it without JavaScript, the reset form when the server
 * refuses the token after the page was opened.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslations } from 'next-intl';
import type { ResetTokenState } from '@/lib/contracts/account';
import { LinkButton } from '@/components/ui/links';


export function ResetTokenMessage({ state }: { state: Exclude<ResetTokenState, 'valid'> }) {
  const t = useTranslations('auth');
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="error" role="alert" sx={{ width: '100%' }} data-token-state={state}>
        {t(`errors.${state}`)}
      </Alert>
      <LinkButton href="/forgotPassword" variant="contained">
        {t('reset.requestNew')}
      </LinkButton>
    </Stack>
  );
}
