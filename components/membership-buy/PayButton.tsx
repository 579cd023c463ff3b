'use client';
/**
 * The last step of a purchase (issue 26 "type, class, review, pay"): one button that creates the
 * order (or, given `publicId`, pays a reserved one again) and sends the buyer on: to Stripe's page
 * for a card, else to the order's page (reserved, to pay at the office). A second press while the
 * first is on its way does nothing; a refusal is shown with its catalogue message. Small on
 * purpose: it is the only client code of the purchase pages.
 */
import { useState } from 'react';
import { api, callFailure } from '@/lib/api/client';
import type { MembershipPurchaseInput, OrderCreated } from '@/lib/contracts/checkout';
import { useRouter } from '@/lib/i18n/navigation';
import { Alert } from '@/components/ui/Alert';
import ui from '@/components/ui/ui.module.css';

export interface PayButtonProps {
  /** The purchase to order; absent when paying an order that exists (`publicId`). */
  purchase?: MembershipPurchaseInput;
  publicId?: string;
  label: string;
  busyLabel: string;
  /** Catalogue messages by error code, already translated; `fallback` for any other failure. */
  errors: Record<string, string>;
  fallback: string;
}

export function PayButton({ purchase, publicId, label, busyLabel, errors, fallback }: PayButtonProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function go() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { data } = publicId ? await api.post<OrderCreated>(`/users/current/orders/${publicId}/pay`) : await api.post<OrderCreated>('/users/current/orders', purchase, { headers: { 'Content-Type': 'application/json' } });
      if (data.next.kind === 'redirect') {
        window.location.assign(data.next.url);
        return;
      }
      router.push(`/account/orders/${data.publicId}`);
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
