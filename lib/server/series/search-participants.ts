/**
 * POST livelaps/series/search/participant (spec §7: name, limit 50, offset 0; §3 Participant
 * search result, Series list item with participantClasses; §4 Participant search): riders
 * with results in public series whose first name, last name or full name (either order)
 * contains `name`, ignoring case and accents ('Jerome' finds 'Jérôme'). One item per rider
 * key (./riders.ts) with the series and classes they score in; by last name, then first name.
 */
import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { seriesRules, type ParticipantSearchRequest, type SeriesParticipant } from '../../contracts/series';
import { stripAccents } from '../../format';
import { getDb } from '../db';
import { classes, classGroups, entries, events, participants, races, results, series, seriesEvents } from '../db/schema';
import { eventShown, seriesShown } from '../events/visibility';
import { adoptKnownKeys, loadIdentity, matchingLicence, nameKey, riderKey } from './riders';
import { raceShown } from '../policy/visibility';

/** Letters folded to ASCII by PostgreSQL's translate() and by `foldName` alike. */
const FOLDS: Record<string, string> = {
  a: 'àáâãäåāăą',
  c: 'çćč',
  d: 'ďđ',
  e: 'èéêëēėęě',
  i: 'ìíîïīįı',
  l: 'ł',
  n: 'ñńň',
  o: 'òóôõöøōő',
  r: 'ŕř',
  s: 'śšşß',
  t: 'ťţ',
  u: 'ùúûüūůűų',
  y: 'ýÿ',
  z: 'žźż',
};
/** Each letter with its capital (a database in the C locale lower-cases ASCII only). */
const FOLD_PAIRS = Object.entries(FOLDS).flatMap(([to, from]) =>
  [...from].flatMap((ch) => {
    const upper = ch.toUpperCase();
    return upper.length === 1 && upper !== ch && upper.charCodeAt(0) > 127 ? [[ch, to], [upper, to]] : [[ch, to]];
  }),
);
const FOLD_FROM = FOLD_PAIRS.map(([from]) => from).join('');
const FOLD_TO = FOLD_PAIRS.map(([, to]) => to).join('');

/** "  Jérôme  Lévesque" → "jerome levesque" (what the database side compares against). */
export function foldName(text: string): string {
  const lower = stripAccents(text.toLowerCase());
  let out = '';
  for (const ch of lower) {
    const i = FOLD_FROM.indexOf(ch);
    out += i < 0 ? ch : FOLD_TO.charAt(i);
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** SQL: `expression` with accents folded, lower-cased, spaces collapsed (what `foldName` gives). Also used by the trackside search. */
export const folded = (expression: ReturnType<typeof sql>) => sql`btrim(regexp_replace(lower(translate(${expression}, ${FOLD_FROM}, ${FOLD_TO})), '\\s+', ' ', 'g'))`;

/** `%needle%` with LIKE's wildcards escaped. */
export const contains = (needle: string) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The riders of public series matching `request.name`, a page of them and their total. */
export async function searchSeriesParticipants(
  request: ParticipantSearchRequest,
): Promise<{ series: SeriesParticipant[]; meta: { total: number; limit: number; offset: number } }> {
  const needle = contains(foldName(request.name));
  const full = folded(sql`${participants.firstName} || ' ' || ${participants.lastName}`);
  const reversed = folded(sql`${participants.lastName} || ' ' || ${participants.firstName}`);
  const rows = await getDb()
    .select({
      participantId: participants.id,
      firstName: participants.firstName,
      lastName: participants.lastName,
      city: participants.city,
      state: participants.state,
      licence: participants.licence,
      // The key matches by a confirmed licence only (issue 29); the list still shows the typed one.
      matchingLicence,
      raceNumber: entries.raceNumber,
      className: classes.name,
      classGroup: classGroups.name,
      seriesId: series.id,
      seriesName: series.name,
      rules: series.rules,
      startDate: events.startDate,
    })
    .from(participants)
    .innerJoin(entries, eq(entries.participantId, participants.id))
    .innerJoin(results, eq(results.entryId, entries.id))
    .innerJoin(races, and(eq(races.id, entries.raceId), raceShown()))
    .innerJoin(events, eq(events.id, races.eventId))
    .innerJoin(seriesEvents, eq(seriesEvents.eventId, events.id))
    .innerJoin(series, eq(series.id, seriesEvents.seriesId))
    .leftJoin(classes, eq(classes.id, entries.classId))
    .leftJoin(classGroups, eq(classGroups.id, classes.classGroupId))
    .where(and(eventShown(), seriesShown(), sql`(${full} like ${needle} or ${reversed} like ${needle})`))
    .orderBy(asc(events.startDate), asc(events.id), asc(entries.id));

  const identity = await loadIdentity(rows.map((r) => r.participantId));
  const counts = new Map<number, (className: string | null, group: string | null) => boolean>();
  const riders = new Map<string, SeriesParticipant>();
  // The same resolution as the standings (load-series.ts): every record of a name is in `rows`.
  const keys = adoptKnownKeys(
    rows.map((r) => {
      const known = identity.get(r.participantId);
      return {
        key: riderKey({ link: known?.link ?? null, member: known?.member ?? null, licence: r.matchingLicence, firstName: r.firstName, lastName: r.lastName }, r),
        nameKey: nameKey(r.firstName, r.lastName, r.raceNumber, r.className),
      };
    }),
  );
  for (const [i, r] of rows.entries()) {
    let counted = counts.get(r.seriesId);
    if (!counted) {
      const parsed = seriesRules.safeParse(r.rules ?? {});
      const { classes: only, classGroups: groups }: { classes: string[]; classGroups: string[] } = parsed.success ? parsed.data : { classes: [], classGroups: [] };
      counted = (c, g) => (!only.length || (c !== null && only.includes(c))) && (!groups.length || (g !== null && groups.includes(g)));
      counts.set(r.seriesId, counted);
    }
    if (!counted(r.className, r.classGroup)) continue;
    const key = keys[i];
    const item = riders.get(key) ?? { riderKey: key, participantId: r.participantId, firstName: r.firstName, lastName: r.lastName, city: r.city, state: r.state, participantClasses: [] };
    // The latest record names the rider (rows come in date order).
    Object.assign(item, { participantId: r.participantId, firstName: r.firstName, lastName: r.lastName, city: r.city, state: r.state });
    if (!item.participantClasses.some((p) => p.seriesId === r.seriesId && p.className === r.className)) {
      item.participantClasses.push({ seriesId: r.seriesId, seriesName: r.seriesName, className: r.className });
    }
    riders.set(key, item);
  }
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  const all = [...riders.values()].sort(
    (a, b) => collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName) || a.riderKey.localeCompare(b.riderKey),
  );
  return { series: all.slice(request.offset, request.offset + request.limit), meta: { total: all.length, limit: request.limit, offset: request.offset } };
}
