'use client';
/**
 * The live board of a race (spec §1 live laps, §2 the live race page; issue 10 "Live pages"):
 * the flag as a coloured chip, time or laps to go, a "Live" indicator with the connection state,
 * and the standings (position with the last lap's change, number, name, class, laps, last lap,
 * best lap, gap, diff). The first board comes from the server render; an EventSource on
 * livelaps/live/race/{id}/stream keeps it current: `standings` (the whole board) when the rows
 * changed, `clock` (flag, time or laps to go only) otherwise; the browser reconnects by itself,
 * sending Last-Event-ID. While the page is hidden (a background tab, a locked phone) the stream
 * is closed, and opened again with the last seq when the page is shown: the server then sends the
 * board only if it changed meanwhile. Changed rows flash briefly (not under
 * prefers-reduced-motion); a polite live region announces only calm news (a new leader, a lost
 * connection, the end). On `end` the page is refreshed and becomes the ordinary results page.
 */
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { ScrollFrame } from '@/components/ui/ScrollFrame';
import { parseClock, parseStandings } from '@/lib/api/live';
import type { LiveBoard as Board, LiveRow } from '@/lib/contracts/live';
import { formatGap, formatRaceTime } from '@/lib/format';
import { useRouter } from '@/lib/i18n/navigation';
import { flagKind, toGo } from './clock';
import css from './live.module.css';
import { followLiveStream } from './stream';

type Connection = 'connecting' | 'live' | 'reconnecting' | 'ended';

/** Refreshes after `end` until the server renders the results (a page cache may lag a moment). */
const REFRESH_RETRY_MS = 3000;
const REFRESH_TRIES = 4;
/** After the server refused the stream (an error reply), open it again after this long. */
const REOPEN_MS = 5000;

/** What makes a row "changed": its place, laps or last lap. */
const rowKey = (r: LiveRow) => `${r.position}|${r.laps}|${r.lastLapMs}`;

export function LiveBoard({ initial }: { initial: Board }) {
  const t = useTranslations('live');
  const tc = useTranslations('columns');
  const tr = useTranslations('race');
  const router = useRouter();
  const [board, setBoard] = useState(initial);
  const [rendered, setRendered] = useState(initial);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [announcement, setAnnouncement] = useState('');
  /** entryId → the seq at which the row last changed (for the flash). */
  const [changedAt, setChangedAt] = useState<Map<number, number>>(() => new Map());
  /** The seq of the last `standings` (a `clock` event moves the seq, not the rows: rows keep flashing). */
  const [rowsSeq, setRowsSeq] = useState(initial.seq);
  const boardRef = useRef(board);
  const raceId = initial.raceId;

  // A new server render (router.refresh) may bring a newer board than the stream gave.
  if (rendered !== initial) {
    setRendered(initial);
    if (initial.seq > board.seq) setBoard(initial);
  }
  useEffect(() => {
    if (board.seq > boardRef.current.seq) boardRef.current = board;
  }, [board]);
  // The stream lives as long as the race's page: texts and router are read through refs.
  const tRef = useRef(t);
  const routerRef = useRef(router);
  useEffect(() => {
    tRef.current = t;
    routerRef.current = router;
  }, [t, router]);

  useEffect(() => {
    let tries = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      routerRef.current.refresh();
      if (++tries < REFRESH_TRIES) retry = setTimeout(refresh, REFRESH_RETRY_MS);
    };
    const report = (state: Connection) => setConnection(state);
    const stream = followLiveStream(
      raceId,
      {
        seq: () => boardRef.current.seq,
        status: report,
        standings(data) {
          const next = parseStandings(data);
          const previous = boardRef.current;
          if (!next || next.raceId !== raceId || (next.seq <= previous.seq && next.state === previous.state)) return;
          boardRef.current = next;
          const before = new Map(previous.rows.map((r) => [r.entryId, rowKey(r)]));
          setChangedAt((old) => {
            const map = new Map(old);
            for (const r of next.rows) if (before.get(r.entryId) !== rowKey(r)) map.set(r.entryId, next.seq);
            return map;
          });
          const leader = next.rows[0];
          if (leader?.position === 1 && previous.rows[0]?.entryId !== leader.entryId) setAnnouncement(tRef.current('newLeader', { number: leader.number, name: leader.name }));
          setRowsSeq(next.seq);
          setBoard(next);
        },
        clock(data) {
          const next = parseClock(data);
          const previous = boardRef.current;
          if (!next || next.raceId !== raceId || next.seq <= previous.seq) return;
          // Only the clock moved: the rows are those of the last standings.
          const board = { ...previous, seq: next.seq, clock: next.clock };
          boardRef.current = board;
          setBoard(board);
        },
        end() {
          report('ended');
          setAnnouncement(tRef.current('sessionEnded'));
          refresh();
        },
        lost: () => setAnnouncement(tRef.current('connectionLost')),
        // Refused (the race may have ended or been hidden, or the site is restarting): let the
        // server render the page again; the stream is tried once more a little later.
        refused: () => routerRef.current.refresh(),
      },
      { reopenMs: REOPEN_MS },
    );
    return () => {
      clearTimeout(retry);
      stream.stop();
    };
  }, [raceId]);

  const kind = flagKind(board.clock?.flag);
  const left = toGo(board.clock);
  const withClass = board.rows.some((r) => r.className);
  const leaderLaps = board.rows[0]?.laps ?? null;
  const statusText = connection === 'live' ? t('live') : t(connection);

  return (
    <section aria-label={t('heading')}>
      <div className={css.head}>
        <span className={css.flag} data-flag={kind} data-testid="live-flag">
          {t('flag', { flag: kind, name: board.clock?.flag?.trim() ?? '' })}
        </span>
        {left && <span className={css.clock}>{'laps' in left ? t('lapsToGo', { count: left.laps }) : t('timeToGo', { time: left.time })}</span>}
        {board.clock?.timeOfDay && <span className={css.muted}>{t('trackTime', { time: board.clock.timeOfDay })}</span>}
        <span className={css.status} data-testid="live-status" data-state={connection} title={t('connection')}>
          <span className={css.dot} data-state={connection} aria-hidden="true" />
          {statusText}
        </span>
      </div>
      <p className={css.srOnly} aria-live="polite" aria-atomic="true" data-testid="live-announcer">
        {announcement}
      </p>
      {board.rows.length === 0 ? (
        <p role="status">{t('noCrossing')}</p>
      ) : (
        <ScrollFrame label={t('tableRegion', { race: board.raceName })} hint={tr('scrollHint')} rowParams={{}}>
          <table className={css.table} data-testid="live-table" data-seq={board.seq}>
            <caption>{t('tableCaption', { race: board.raceName })}</caption>
            <thead>
              <tr>
                <th scope="col" className={`${css.pos} ${css.num}`}>{tc('position')}</th>
                <th scope="col" className={css.no}>{tc('number')}</th>
                <th scope="col" className={css.name}>{tc('name')}</th>
                {withClass && <th scope="col">{tc('class')}</th>}
                <th scope="col" className={css.num}>{tc('laps')}</th>
                <th scope="col" className={css.num}>{tc('lastLap')}</th>
                <th scope="col" className={css.num}>{tc('bestLap')}</th>
                <th scope="col" className={css.num}>{tc('gap')}</th>
                <th scope="col" className={css.num}>{tc('diff')}</th>
              </tr>
            </thead>
            <tbody>
              {board.rows.map((r) => {
                const at = changedAt.get(r.entryId);
                const flash = at === rowsSeq ? (at % 2 ? css.flashA : css.flashB) : undefined;
                const lapsDown = r.gapLaps !== null && r.gapLaps > 0 ? r.gapLaps : leaderLaps !== null && r.laps !== null && r.laps < leaderLaps ? leaderLaps - r.laps : 0;
                return (
                  <tr key={r.entryId} className={flash} data-entry={r.entryId} data-number={r.number} data-position={r.position ?? ''}>
                    <td className={`${css.pos} ${css.num}`}>
                      {r.position ?? ''}
                      {r.change !== 0 && (
                        <span className={`${css.change} ${r.change > 0 ? css.up : css.down}`} data-testid="live-change">
                          <span aria-hidden="true">{r.change > 0 ? `▲${r.change}` : `▼${-r.change}`}</span>
                          <span className={css.srOnly}>{r.change > 0 ? t('gained', { count: r.change }) : t('lost', { count: -r.change })}</span>
                        </span>
                      )}
                    </td>
                    <td className={css.no}>{r.number}</td>
                    <th scope="row" className={css.name} title={r.name || undefined}>
                      {r.name || `#${r.number}`}
                    </th>
                    {withClass && <td>{r.className ?? ''}</td>}
                    <td className={css.num}>{r.laps ?? ''}</td>
                    <td className={css.num}>{formatRaceTime(r.lastLapMs)}</td>
                    <td className={css.num}>{formatRaceTime(r.bestLapMs)}</td>
                    <td className={css.num}>{lapsDown > 0 ? tr('lapsDown', { count: lapsDown }) : formatGap(r.gapMs)}</td>
                    <td className={css.num}>{formatGap(r.diffMs)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollFrame>
      )}
    </section>
  );
}
