/**
 * The riders of a series on the desk (issue 24 "Riders: merge and split rider records … from the
 * desk"; spec §3 Series table; `npm run riders -- list <seriesId>`): one rider per key as its
 * standings see them, each with its participant records, their numbers, classes and events, found
 * by name or race number. Hidden series included; their public events and races only (what the
 * standings count).
 */
import 'server-only';
import { DESK_RIDERS_MAX, type DeskRider, type DeskRiderRecord, type DeskRiders } from '../../../contracts/desk-riders';
import { stripAccents } from '../../../format';
import type { Viewer } from '../../policy';
import { loadSeriesFrom } from '../../series';
import { openDeskSeries } from './open-desk-series';

/** `"  Éthier  #5 "` → `"ethier #5"`: lower case, accents stripped, spaces collapsed. */
const fold = (text: string) => stripAccents(text).toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether `rider` matches search `q` (folded): a record's name (first last, or last first)
 * contains it, or one of its race numbers is it (`12` or `#12`, case ignored). An empty `q` matches all.
 */
export function riderMatches(rider: DeskRider, q: string): boolean {
  if (!q) return true;
  const number = q.replace(/^#\s*/, '').toUpperCase();
  return rider.records.some(
    (r) => fold(`${r.firstName} ${r.lastName}`).includes(q) || fold(`${r.lastName} ${r.firstName}`).includes(q) || r.numbers.some((n) => n.trim().toUpperCase() === number),
  );
}

/**
 * The riders of series `seriesId` matching `q` (`DeskRiders`), by last name, first name and key
 * (the latest record's names), at most `DESK_RIDERS_MAX`; `total` counts every match.
 * @throws AppError `unauthenticated`; `not_found` when the series is unknown or of a promoter the viewer does not manage.
 */
export async function listDeskRiders(viewer: Viewer, seriesId: number, q = ''): Promise<DeskRiders> {
  const opened = await openDeskSeries(viewer, seriesId);
  const loaded = await loadSeriesFrom(opened.record);
  const eventNames = new Map(loaded.events.map((e) => [e.id, e.name]));
  type Building = DeskRider & { firstName: string; lastName: string; byId: Map<number, DeskRiderRecord> };
  const riders = new Map<string, Building>();
  const push = <T>(list: T[], value: T) => list.includes(value) || list.push(value);
  // Results come in event order: the last one names the rider.
  for (const r of loaded.results) {
    let rider = riders.get(r.riderKey);
    if (!rider) riders.set(r.riderKey, (rider = { riderKey: r.riderKey, name: '', number: null, classes: [], results: 0, records: [], firstName: '', lastName: '', byId: new Map() }));
    rider.firstName = r.firstName;
    rider.lastName = r.lastName;
    rider.name = `${r.firstName} ${r.lastName}`.replace(/\s+/g, ' ').trim();
    rider.number = r.raceNumber;
    rider.results += 1;
    if (r.className !== null) push(rider.classes, r.className);
    let record = rider.byId.get(r.participantId);
    if (!record) rider.byId.set(r.participantId, (record = { participantId: r.participantId, firstName: r.firstName, lastName: r.lastName, numbers: [], classes: [], events: [], results: 0 }));
    record.results += 1;
    push(record.numbers, r.raceNumber);
    if (r.className !== null) push(record.classes, r.className);
    if (!record.events.some((e) => e.id === r.eventId)) record.events.push({ id: r.eventId, name: eventNames.get(r.eventId) ?? '' });
  }
  const query = fold(q);
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  const found = [...riders.values()]
    .map(({ byId, ...rider }) => ({ ...rider, records: [...byId.values()].sort((a, b) => a.participantId - b.participantId) }))
    .filter((rider) => riderMatches(rider, query))
    .sort((a, b) => collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName) || a.riderKey.localeCompare(b.riderKey));
  return { riders: found.slice(0, DESK_RIDERS_MAX).map(({ firstName: _f, lastName: _l, ...rider }) => rider), total: found.length };
}
