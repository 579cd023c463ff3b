'use client';
/**
 * "Claim my results" on the account page (issue 11 "Imported results link to an account when
 * the participant claims them (same name and date of birth or licence number), never silently
 * by name alone"): the imported racer records under the holder's name that are not linked yet
 * (GET /ll/api/v1/users/current/claims: name, location, events count and latest event), each
 * with "These are mine", which asks for the licence or member number printed on the record
 * and sends POST /users/current/claims; a number that does not match (or a record without
 * one: then the federation links it) says so ('invalid_licence'). The records
 * already linked are listed below. A successful claim re-renders the page on the server, so
 * My results and Series points include the record at once.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import LinkIcon from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextInput } from '@/components/account/fields';
import { toAccountError, useClaim, useClaims, type AccountCallError } from '@/lib/api/account';
import { ACCOUNT_LIMITS, claimInput, type ClaimCandidate } from '@/lib/contracts/account';
import { formatDate } from '@/lib/format';
import { useRouter } from '@/lib/i18n/navigation';
import { useFailureText } from './call-errors';

const licenceForm = claimInput.pick({ licence: true });

/** One racer record: name, location, events and the latest one. */
function Record({ record, children }: { record: ClaimCandidate; children?: React.ReactNode }) {
  const t = useTranslations('account.claims');
  const locale = useLocale();
  const place = [record.city, record.state].filter(Boolean).join(', ');
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }} data-testid="claim-record">
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {record.firstName} {record.lastName}
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: 14 }}>
          {[place || null, t('events', { count: record.events })].filter(Boolean).join(' · ')}
        </Typography>
        {record.lastEvent ? (
          <Typography color="text.secondary" sx={{ fontSize: 14 }}>
            {t('lastEvent', { event: record.lastEvent.name, date: formatDate(record.lastEvent.date, locale) })}
          </Typography>
        ) : null}
      </Box>
      {children}
    </Paper>
  );
}

/** The dialog asking the licence or member number of `record`. */
function ClaimDialog({ record, onClose, onClaimed }: { record: ClaimCandidate | null; onClose: () => void; onClaimed: (record: ClaimCandidate) => void }) {
  const t = useTranslations('account.claims');
  const tf = useTranslations('accountFields');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  const claim = useClaim();
  const failureText = useFailureText();
  const [failure, setFailure] = useState<AccountCallError | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<{ licence: string }>({ resolver: zodResolver(licenceForm) as never, defaultValues: { licence: '' } });
  const close = () => {
    if (claim.isPending) return;
    reset({ licence: '' });
    setFailure(null);
    onClose();
  };
  const submit = async ({ licence }: { licence?: string }) => {
    if (!record) return;
    setFailure(null);
    try {
      await claim.mutateAsync({ participantId: record.participantId, ...(licence ? { licence } : {}) });
      reset({ licence: '' });
      onClaimed(record);
    } catch (raw) {
      const err = toAccountError(raw);
      // A number that does not match the record: the field turns red, the alert says why.
      if (err.apiCode === 'invalid_licence') setError('licence', { type: 'server', message: '' }, { shouldFocus: true });
      setFailure(err);
    }
  };
  return (
    <Dialog open={record !== null} onClose={close} fullScreen={phone} aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`} data-testid="claim-dialog">
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={`${id}-title`}>{t('dialogTitle', { name: record ? `${record.firstName} ${record.lastName}` : '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-body`} sx={{ mb: 2 }}>
            {t('dialogBody')}
          </DialogContentText>
          <TextInput control={control} name="licence" label={tf('licence')} hint={t('licenceHint')} autoComplete="off" maxLength={ACCOUNT_LIMITS.licence.max} />
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failure.apiCode === 'invalid_licence' ? t('mismatch') : failureText(failure)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={claim.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={claim.isPending}>
            {t('confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The section's body; `initial`: the lists the server rendered (no request on first view). */
export function ClaimResults({ initial }: { initial?: { candidates: ClaimCandidate[]; claimed: ClaimCandidate[] } }) {
  const t = useTranslations('account.claims');
  const router = useRouter();
  const claims = useClaims(initial);
  const failureText = useFailureText();
  const [asking, setAsking] = useState<ClaimCandidate | null>(null);
  const [claimed, setClaimed] = useState<ClaimCandidate | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (claimed) doneRef.current?.focus();
  }, [claimed]);

  if (claims.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
        <CircularProgress size={20} />
        <Typography>{t('loading')}</Typography>
      </Box>
    );
  }
  if (claims.isError) {
    return (
      <Alert severity="error" role="alert" action={<Button onClick={() => void claims.refetch()}>{t('retry')}</Button>}>
        {failureText(claims.error)}
      </Alert>
    );
  }
  const { candidates, claimed: linked } = claims.data;
  return (
    <Box data-testid="claims">
      {claimed ? (
        <Alert severity="success" role="status" ref={doneRef} tabIndex={-1} sx={{ mb: 2 }} onClose={() => setClaimed(null)}>
          {t('done', { name: `${claimed.firstName} ${claimed.lastName}` })}
        </Alert>
      ) : null}
      {candidates.length ? (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }} aria-label={t('candidates')}>
          {candidates.map((record) => (
            <Record key={record.participantId} record={record}>
              <Button variant="outlined" startIcon={<LinkIcon />} onClick={() => setAsking(record)} sx={{ flex: 'none' }}>
                {t('claim')}
              </Button>
            </Record>
          ))}
        </Box>
      ) : (
        <Typography sx={{ py: 2, px: 2, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="claims-empty">
          {t('empty')}
        </Typography>
      )}
      {linked.length ? (
        <Box sx={{ mt: 3 }}>
          <Typography component="h3" variant="h6" sx={{ fontSize: 17, fontWeight: 600, mb: 1 }} id="claims-linked">
            {t('linked')}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }} aria-labelledby="claims-linked">
            {linked.map((record) => (
              <Record key={record.participantId} record={record} />
            ))}
          </Box>
        </Box>
      ) : null}
      <ClaimDialog
        record={asking}
        onClose={() => setAsking(null)}
        onClaimed={(record) => {
          setAsking(null);
          setClaimed(record);
          // My results and Series points are rendered on the server: render them again.
          router.refresh();
        }}
      />
    </Box>
  );
}
