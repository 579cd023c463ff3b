'use client';
/**
 * The last step of a purchase (issue 26 "type, class, review, pay"; issue 27 registering): one
 * button that posts the purchase (`path` and `body`: a membership order, a registration, or
 * paying a reserved order again) and sends the buyer on: to Stripe's page for a card, else to the
 * order's page (reserved, to pay at the office or the gate), or to `doneHref` when nothing is to
 * pay (a waiting list). A second press while the first is on its way does nothing; a refusal is
 * shown with its catalogue message. Small on purpose: it is the only client code of the purchase
 * pages.
 */
import { useState } from 'react';
import { api, callFailure } from '@/lib/api/client';
import type { PaymentNext } from '@/lib/contracts/checkout';
import { useRouter } from '@/lib/i18n/navigation';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';

/** What a purchase call answers: the order (absent when nothing is to pay) and where to go next. */
interface PurchaseReply {
  publicId?: string;
  next?: PaymentNext;
  order?: { publicId: string; next?: PaymentNext } | null;
}

export interface PayButtonProps {
  /** The API path posted to (under /ll/api/v1): `/users/current/orders`, `/users/current/orders/{id}/pay`, `/events/{id}/registrations`. */
  path: string;
  /** The JSON body, if any. */
  body?: unknown;
  /** Where to go when the reply has no order to pay (a site path). */
  doneHref?: string;
  /** Where to go instead of the order's page when the order is reserved (to pay at the gate): issue 28, the spectator's thank-you page with the tickets. */
  reservedHref?: string;
  label: string;
  busyLabel: string;
  /** Catalogue messages by error code, already translated; `fallback` for any other failure. */
  errors: Record<string, string>;
  fallback: string;
}

export function PayButton({ path, body, doneHref, reservedHref, label, busyLabel, errors, fallback }: PayButtonProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function go() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { data } = body === undefined ? await api.post<PurchaseReply>(path) : await api.post<PurchaseReply>(path, body, { headers: { 'Content-Type': 'application/json' } });
      const next = data.next ?? data.order?.next;
      const publicId = data.publicId ?? data.order?.publicId;
      if (next?.kind === 'redirect') {
        window.location.assign(next.url);
        return;
      }
      router.push(reservedHref ?? (publicId ? `/account/orders/${publicId}` : (doneHref ?? '/account')));
    } catch (err) {
      const failure = callFailure(err);
      setError((failure.apiCode && errors[failure.apiCode]) || fallback);
      setBusy(false);
    }
  }

  return (
    <>
      {error ? (
        <Alert severity="error" title={error}>
          {null}
        </Alert>
      ) : null}
      <button type="button" className={`${ui.button} ${ui.contained} ${ui.large}`} onClick={go} aria-busy={busy || undefined} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
