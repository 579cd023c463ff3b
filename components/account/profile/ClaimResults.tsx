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
 * My results and Series points include the record at once. Plain HTML (issue 23): the number
 * is asked in a native modal dialog (components/ui/Dialog).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextInput } from '@/components/account/fields/TextInput';
import { Alert } from '@/components/ui/Alert';
import { DIALOG_TEXT, Dialog, DialogActions, DialogContent, DialogForm, DialogTitle } from '@/components/ui/Dialog';
import { Icon } from '@/components/ui/Icon';
import { LINK } from '@/components/ui/icons/link';
import ui from '@/components/ui/ui.module.css';
import { toAccountError, useClaim, useClaims, type AccountCallError } from '@/lib/api/account';
import { ACCOUNT_LIMITS, type ClaimCandidate } from '@/lib/contracts/account-rules';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import { formatDate } from '@/lib/format';
import { useRouter } from '@/lib/i18n/navigation';
import { useFailureText } from './call-errors';
import { FocusAlert } from './FocusAlert';
import styles from './account.module.css';

/** The licence of `claimInput` through `zodResolver` (./schemas.ts), fetched on the dialog form's first focus (issue 23). */
const licenceResolver = lazyResolver(() => import('./schemas').then((m) => m.claimLicenceResolver));

/** One racer record: name, location, events and the latest one. */
function Record({ record, children }: { record: ClaimCandidate; children?: React.ReactNode }) {
  const t = useTranslations('account.claims');
  const locale = useLocale();
  const place = [record.city, record.state].filter(Boolean).join(', ');
  return (
    <li className={`${ui.outlinedPaper} ${styles.record}`} data-testid="claim-record">
      <div className={styles.recordMain}>
        <h3 className={styles.recordName}>
          {record.firstName} {record.lastName}
        </h3>
        <p className={`${styles.muted} ${styles.small}`}>{[place || null, t('events', { count: record.events })].filter(Boolean).join(' · ')}</p>
        {record.lastEvent ? <p className={`${styles.muted} ${styles.small}`}>{t('lastEvent', { event: record.lastEvent.name, date: formatDate(record.lastEvent.date, locale) })}</p> : null}
      </div>
      {children}
    </li>
  );
}

/** The dialog asking the licence or member number of `record`. */
function ClaimDialog({ record, onClose, onClaimed }: { record: ClaimCandidate | null; onClose: () => void; onClaimed: (record: ClaimCandidate) => void }) {
  const t = useTranslations('account.claims');
  const tf = useTranslations('accountFields');
  const id = useId();
  const claim = useClaim();
  const failureText = useFailureText();
  const [failure, setFailure] = useState<AccountCallError | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<{ licence: string }>({ resolver: licenceResolver as never, defaultValues: { licence: '' } });
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
    <Dialog open={record !== null} onClose={close} describedBy={`${id}-body`} data-testid="claim-dialog">
      <DialogForm noValidate {...preloadOn(licenceResolver)} onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle>{t('dialogTitle', { name: record ? `${record.firstName} ${record.lastName}` : '' })}</DialogTitle>
        <DialogContent>
          <p id={`${id}-body`} className={`${DIALOG_TEXT} ${styles.dialogText}`}>
            {t('dialogBody')}
          </p>
          <TextInput control={control} name="licence" label={tf('licence')} hint={t('licenceHint')} autoComplete="off" maxLength={ACCOUNT_LIMITS.licence.max} />
          {failure ? (
            <Alert severity="error" className={styles.dialogAlert}>
              {failure.apiCode === 'invalid_licence' ? t('mismatch') : failureText(failure)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <button type="button" className={`${ui.button} ${ui.upper}`} onClick={close} disabled={claim.isPending}>
            {t('cancel')}
          </button>
          <button type="submit" className={`${ui.button} ${ui.contained} ${ui.upper}`} disabled={claim.isPending}>
            {claim.isPending ? <span className={ui.spinner} aria-hidden="true" /> : null}
            {t('confirm')}
          </button>
        </DialogActions>
      </DialogForm>
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
      <div role="status" className={styles.loading}>
        <span className={ui.spinner} aria-hidden="true" />
        <p>{t('loading')}</p>
      </div>
    );
  }
  if (claims.isError) {
    return (
      <Alert
        severity="error"
        action={
          <button type="button" className={`${ui.button} ${ui.small} ${ui.upper}`} onClick={() => void claims.refetch()}>
            {t('retry')}
          </button>
        }
      >
        {failureText(claims.error)}
      </Alert>
    );
  }
  const { candidates, claimed: linked } = claims.data;
  return (
    <div data-testid="claims">
      {claimed ? (
        <FocusAlert ref={doneRef} className={styles.spaced} onClose={() => setClaimed(null)}>
          {t('done', { name: `${claimed.firstName} ${claimed.lastName}` })}
        </FocusAlert>
      ) : null}
      {candidates.length ? (
        <ul className={styles.records} aria-label={t('candidates')}>
          {candidates.map((record) => (
            <Record key={record.participantId} record={record}>
              <button type="button" className={`${ui.button} ${ui.outlined} ${ui.upper}`} onClick={() => setAsking(record)}>
                <Icon path={LINK} size={20} />
                {t('claim')}
              </button>
            </Record>
          ))}
        </ul>
      ) : (
        <p className={styles.empty} data-testid="claims-empty">
          {t('empty')}
        </p>
      )}
      {linked.length ? (
        <div className={styles.linked}>
          <h3 className={styles.subTitle} id="claims-linked">
            {t('linked')}
          </h3>
          <ul className={styles.records} aria-labelledby="claims-linked">
            {linked.map((record) => (
              <Record key={record.participantId} record={record} />
            ))}
          </ul>
        </div>
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
    </div>
  );
}
