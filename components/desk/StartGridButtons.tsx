'use client';
/**
 * The start grid's buttons on the desk (issue 27 "the start grid follows registration order or the
 * promoter's draw"): draw the class's grid, or take it back to registration order, then refresh
 * the server-rendered grid (components/desk/StartGrid). A second press while one is on its way
 * does nothing; a refusal shows its catalogue message. Small on purpose: the grid itself is HTML.
 */
import { useState } from 'react';
import { api, callFailure } from '@/lib/api/client';
import { useRouter } from '@/lib/i18n/navigation';
import ui from '@/components/ui/ui.module.css';
import css from './desk.module.css';

export interface StartGridButtonsProps {
  eventId: number;
  classId: number;
  drawn: boolean;
  labels: { draw: string; redraw: string; clear: string; busy: string; failed: string };
  /** Catalogue messages by error code, already translated. */
  errors: Record<string, string>;
}

export function StartGridButtons({ eventId, classId, drawn, labels, errors }: StartGridButtonsProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: 'draw' | 'clear') {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(`/desk/events/${eventId}/classes/${classId}/start-grid/${action}`);
      router.refresh();
    } catch (err) {
      const failure = callFailure(err);
      setError((failure.apiCode && errors[failure.apiCode]) || labels.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={css.actions}>
      <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={() => run('draw')} disabled={busy} aria-busy={busy || undefined}>
        {busy ? labels.busy : drawn ? labels.redraw : labels.draw}
      </button>
      {drawn ? (
        <button type="button" className={ui.button} onClick={() => run('clear')} disabled={busy}>
          {labels.clear}
        </button>
      ) : null}
      {error ? (
        <p role="alert" className={`${ui.alert} ${ui.alertError}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
