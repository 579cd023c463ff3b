'use client';
/**
 * Below the gate's scanner (issue 28): the offline scans the server found wrong once checked (a
 * ticket scanned twice offline is reported, never hidden) until dismissed, the latest scans, and
 * the counts ("counts per gate and per hour": admissions per gate and per hour in the federation's
 * time zone, and the totals sold, admitted, unpaid, as GET /ll/api/v1/desk/events/{id}/gate/counts
 * last gave them). Its own chunk, loaded right after the scanner (./GateScanner.tsx): the page's
 * first load stays within its budget.
 */
import { useTranslations } from 'next-intl';
import ui from '@/components/ui/ui.module.css';
import type { GateLogEntry } from '@/lib/api/gate';
import type { GateCounts } from '@/lib/contracts/ticket-scans';
import css from './gate.module.css';

/** One two-column table: a label per row and its admissions. */
function CountsTable({ caption, head, rows, none }: { caption: string; head: [string, string]; rows: { key: string; admitted: number }[]; none: string }) {
  return (
    <table className={ui.table}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col">{head[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length ? (
          rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.key}</th>
              <td>{r.admitted}</td>
            </tr>
          ))
        ) : (
          <tr>
            <td colSpan={2}>{none}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** What the panel shows: the counts, the offline problems and the latest scans (newest first). */
export interface GateReportsProps {
  counts: GateCounts | null;
  online: boolean;
  problems: GateLogEntry[];
  recent: GateLogEntry[];
  /** A scan's time as the page shows it. */
  time: (iso: string) => string;
  onDismiss: (scanId: string) => void;
}

/** The offline problems, the latest scans and the counts (see the file's docstring). */
export default function GateReports({ counts, online, problems, recent, time, onDismiss }: GateReportsProps) {
  const t = useTranslations('desk.gate');
  return (
    <>
      {problems.length ? (
        <section aria-labelledby="gate-problems" className={css.problems} data-testid="gate-problems">
          <h2 id="gate-problems" className={css.sectionTitle}>
            {t('problems.title')}
          </h2>
          <p>{t('problems.intro')}</p>
          <ul>
            {problems.map((p) => (
              <li key={p.scan.id}>
                <strong>{t(`results.${p.reply!.result}`)}</strong> · {p.reply!.name ?? t('unknownName')} · {t('problems.scanned', { time: time(p.scan.at), gate: p.scan.gate })}
                {p.reply!.usedAt ? ` · ${t('usedAt', { time: time(p.reply!.usedAt), gate: p.reply!.usedGate ?? '—' })}` : ''}{' '}
                <button type="button" className={`${ui.button} ${ui.small}`} onClick={() => onDismiss(p.scan.id)}>
                  {t('problems.dismiss')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {recent.length ? (
        <section aria-labelledby="gate-recent">
          <h2 id="gate-recent" className={css.sectionTitle}>
            {t('recent')}
          </h2>
          <ol className={css.recent} data-testid="gate-recent">
            {recent.map((l) => (
              <li key={l.scan.id} className={l.reply ? (l.reply.result === 'admitted' ? css.okLine : css.badLine) : css.waitLine}>
                <span className={css.when}>{time(l.scan.at)}</span> {l.reply ? t(`results.${l.reply.result}`) : l.scan.offline || !online ? t('results.queued') : t('results.checking')}
                {l.reply?.name ? ` · ${l.reply.name}` : ''}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <GateCountsView counts={counts} online={online} />
    </>
  );
}

/** Admissions per gate and per hour, and the totals, as the server last gave them. */
function GateCountsView({ counts, online }: { counts: GateCounts | null; online: boolean }) {
  const t = useTranslations('desk.gate.counts');
  return (
    <section aria-labelledby="gate-counts" className={css.counts} data-testid="gate-counts">
      <h2 id="gate-counts" className={css.sectionTitle}>
        {t('title')}
      </h2>
      {!counts ? (
        <p className={css.muted}>{online ? t('loading') : t('offline')}</p>
      ) : (
        <>
          <p>{t('totals', { sold: counts.totals.sold, admitted: counts.totals.admitted, unpaid: counts.totals.unpaid })}</p>
          <div className={css.tables}>
            <CountsTable caption={t('perGate')} head={[t('gate'), t('admitted')]} rows={counts.perGate.map((g) => ({ key: g.gate, admitted: g.admitted }))} none={t('none')} />
            <CountsTable caption={t('perHour')} head={[t('hour'), t('admitted')]} rows={counts.perHour.map((h) => ({ key: h.hour, admitted: h.admitted }))} none={t('none')} />
          </div>
        </>
      )}
    </section>
  );
}
