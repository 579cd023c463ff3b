'use client';
/**
 * "Confirm" beside a typed licence (issue 29, /desk/licences): posts the number the official read
 * on the card (`POST /desk/licences/{participantId}/confirmation`, the number as listed), then
 * shows the page again; a refusal shows its text (a number changed since: read the list again).
 * Labels and texts come translated from the page.
 */
import { useState } from 'react';
import ui from '@/components/ui/ui.module.css';
import { api, callFailure } from '@/lib/api/client';
import { useRouter } from '@/lib/i18n/navigation';

export interface ConfirmLicenceButtonProps {
  participantId: number;
  licence: string;
  /** The button's words, for a screen reader with the rider's name (`Confirm Zoé Racine's licence`). */
  label: string;
  accessibleLabel: string;
  busyLabel: string;
  errors: Record<string, string>;
  fallback: string;
}

export default function ConfirmLicenceButton(props: ConfirmLicenceButtonProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(`/desk/licences/${props.participantId}/confirmation`, { licence: props.licence }, { headers: { 'Content-Type': 'application/json' } });
      router.refresh();
    } catch (err) {
      const failure = callFailure(err);
      setError((failure.apiCode && props.errors[failure.apiCode]) || props.fallback);
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={`${ui.button} ${ui.outlined} ${ui.small}`} onClick={confirm} disabled={busy} aria-busy={busy || undefined} aria-label={props.accessibleLabel} data-testid={`confirm-licence-${props.participantId}`}>
        {busy ? props.busyLabel : props.label}
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </>
  );
}
