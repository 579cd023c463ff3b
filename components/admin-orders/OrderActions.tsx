'use client';
/**
 * The federation office's actions on one order (issue 26 "pay at the office or gate … staff mark
 * it paid"; "refunds by federation staff with a reason, through the provider, recorded"):
 *
 * - "Mark paid" while the order is reserved and something is due: a confirmation naming the
 *   amount, then POST /admin/orders/{publicId}/mark-paid (twice pays once);
 * - "Refund" while something is left to refund: the amount typed in dollars as people type it
 *   ("25", "25.00", "25,00"; whole cents, no floating point), a reason (required, ≤ 500), and a
 *   request id made once when the form opens (`newRequestId`), so a double submit is one refund.
 *
 * Refusals show in the page's language (`adminOrders.actions.errors`, then the API's codes in
 * `errors`); on success the page's server data is read again (`router.refresh()`).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Field } from '@/components/ui/Field';
import ui from '@/components/ui/ui.module.css';
import { newRequestId, refundCents, useMarkOrderPaid, useRefundOrder } from '@/lib/api/orders';
import type { DeskSaveError } from '@/lib/api/desk';
import { REFUND_REASON_MAX } from '@/lib/contracts/checkout';
import { formatCents } from '@/lib/format';
import { useRouter } from '@/lib/i18n/navigation';
import css from './admin-orders.module.css';

export interface OrderActionsProps {
  publicId: string;
  /** Cents still to pay; "Mark paid" shows when `canMarkPaid` (reserved and > 0 due). */
  dueCents: number;
  canMarkPaid: boolean;
  /** Cents paid and not yet refunded; "Refund" shows when > 0. */
  refundableCents: number;
}

type RefundField = 'amount' | 'reason';

/** The actions (see the file's docstring). */
export function OrderActions({ publicId, dueCents, canMarkPaid, refundableCents }: OrderActionsProps) {
  const t = useTranslations('adminOrders.actions');
  const te = useTranslations('adminOrders.actions.errors');
  const tc = useTranslations('errors');
  const locale = useLocale();
  const id = useId();
  const router = useRouter();
  const markPaid = useMarkOrderPaid();
  const refund = useRefundOrder();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const markRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [requestId, setRequestId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<RefundField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  /** A code's text: this page's own, then the API catalogue's, else the generic one. */
  const message = (code: string) => (te.has(code) ? te(code) : tc.has(code) ? tc(code) : te('request_error'));
  const codeOf = (err: DeskSaveError) => err.apiCode ?? err.code;

  const startMarkPaid = () => {
    setDone(null);
    setFailure(null);
    setConfirming(true);
    requestAnimationFrame(() => confirmRef.current?.focus());
  };
  const cancelMarkPaid = () => {
    setConfirming(false);
    requestAnimationFrame(() => markRef.current?.focus());
  };
  const confirmMarkPaid = () => {
    markPaid.mutate(publicId, {
      onSuccess: (summary) => {
        setConfirming(false);
        setDone(t('markedPaid', { amount: formatCents(summary.paidCents, locale) }));
        router.refresh();
      },
      onError: (err) => {
        setConfirming(false);
        setFailure(message(codeOf(err)));
      },
    });
  };

  const openRefund = () => {
    setDone(null);
    setFailure(null);
    setFieldErrors({});
    setAmount('');
    setReason('');
    // One id per opening of the form: sending it again (a double press, a retry) is the same refund.
    setRequestId(newRequestId());
    requestAnimationFrame(() => formRef.current?.querySelector('input')?.focus());
  };
  const closeRefund = () => {
    setRequestId(null);
    setFieldErrors({});
  };

  const submitRefund = (event: FormEvent) => {
    event.preventDefault();
    if (!requestId || refund.isPending) return;
    setFailure(null);
    setDone(null);
    const found: Partial<Record<RefundField, string>> = {};
    const cents = refundCents(amount, refundableCents);
    if (!cents.ok) found.amount = cents.code;
    const why = reason.trim();
    if (!why) found.reason = 'null_reason';
    else if (why.length > REFUND_REASON_MAX) found.reason = 'invalid_reason';
    setFieldErrors(found);
    if (!cents.ok || found.reason) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    refund.mutate(
      { publicId, input: { amountCents: cents.cents, reason: why, requestId } },
      {
        onSuccess: () => {
          setRequestId(null);
          setDone(t('refunded', { amount: formatCents(cents.cents, locale) }));
          router.refresh();
        },
        onError: (err) => {
          const byField: Partial<Record<RefundField, string>> = {};
          for (const issue of err.issues) {
            if (issue.path[0] === 'amountCents') byField.amount = issue.code;
            else if (issue.path[0] === 'reason') byField.reason = issue.code;
          }
          const code = codeOf(err);
          if (code === 'refund_too_large' || code === 'invalid_amount') byField.amount = code;
          if (code === 'null_reason' || code === 'invalid_reason') byField.reason = code;
          setFieldErrors(byField);
          setFailure(Object.keys(byField).length ? null : message(code));
        },
      },
    );
  };

  if (!canMarkPaid && refundableCents <= 0 && !done) return <p className={css.actionRow}>{t('nothing')}</p>;

  return (
    <div className={css.confirm}>
      {done ? (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      ) : null}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      {canMarkPaid && !confirming ? (
        <p className={css.actionRow}>
          <button ref={markRef} type="button" className={`${ui.button} ${ui.contained}`} onClick={startMarkPaid}>
            {t('markPaid')}
          </button>
        </p>
      ) : null}
      {canMarkPaid && confirming ? (
        <div className={css.confirm} role="group" aria-labelledby={`${id}-confirm`} aria-busy={markPaid.isPending}>
          <p id={`${id}-confirm`}>{t('markPaidConfirm', { amount: formatCents(dueCents, locale) })}</p>
          <p className={css.actionRow}>
            <button ref={confirmRef} type="button" className={`${ui.button} ${ui.contained}`} onClick={confirmMarkPaid} disabled={markPaid.isPending}>
              {markPaid.isPending ? t('marking') : t('markPaidYes', { amount: formatCents(dueCents, locale) })}
            </button>
            <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={cancelMarkPaid} disabled={markPaid.isPending}>
              {t('cancel')}
            </button>
          </p>
        </div>
      ) : null}
      {refundableCents > 0 && requestId === null ? (
        <p className={css.actionRow}>
          <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={openRefund}>
            {t('refund')}
          </button>
        </p>
      ) : null}
      {refundableCents > 0 && requestId !== null ? (
        <form ref={formRef} noValidate onSubmit={submitRefund} className={css.form} aria-labelledby={`${id}-refund`} aria-busy={refund.isPending}>
          <h3 id={`${id}-refund`} className={css.formTitle}>
            {t('refundTitle')}
          </h3>
          <Field id={`${id}-amount`} label={t('amount')} required error={fieldErrors.amount ? message(fieldErrors.amount) : undefined} hint={t('amountHint', { max: formatCents(refundableCents, locale) })}>
            {(aria) => <input {...aria} className={ui.input} inputMode="decimal" autoComplete="off" maxLength={20} value={amount} onChange={(e) => setAmount(e.target.value)} />}
          </Field>
          <Field id={`${id}-reason`} label={t('reason')} required error={fieldErrors.reason ? message(fieldErrors.reason) : undefined} hint={t('reasonHint')}>
            {(aria) => <textarea {...aria} className={`${ui.input} ${ui.textarea}`} maxLength={REFUND_REASON_MAX} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
          <p className={css.actionRow}>
            <button type="submit" className={`${ui.button} ${ui.contained}`} disabled={refund.isPending}>
              {refund.isPending ? t('sending') : t('send')}
            </button>
            <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={closeRefund} disabled={refund.isPending}>
              {t('cancel')}
            </button>
          </p>
        </form>
      ) : null}
    </div>
  );
}
