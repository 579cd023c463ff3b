/**
 * The two reads every registration count shares (spec §7 registration/*): the classes an
 * event offers, in the event's order, and its registrations counted by class and state.
 */
import 'server-only';
import { asc, count, eq } from 'drizzle-orm';
import { getDb } from '../db';
import { classGroups, classes, eventClasses, registrations } from '../db/schema';
import type { StateTally } from './tally';

/** The classes event `eventId` offers: the event's order, then the rulebook's, then by name. */
export function offeredClasses(eventId: number) {
  return getDb()
    .select({
      classId: classes.id,
      name: classes.name,
      group: classGroups.name,
      description: classes.description,
      descriptions: classes.descriptions,
      feeCents: eventClasses.feeCents,
      earlyFeeCents: eventClasses.earlyFeeCents,
      lateFeeCents: eventClasses.lateFeeCents,
      minAge: classes.minAge,
      maxAge: classes.maxAge,
      capacity: eventClasses.capacity,
    })
    .from(eventClasses)
    .innerJoin(classes, eq(classes.id, eventClasses.classId))
    .leftJoin(classGroups, eq(classGroups.id, classes.classGroupId))
    .where(eq(eventClasses.eventId, eventId))
    .orderBy(asc(eventClasses.sortOrder), asc(classes.sortOrder), asc(classes.name));
}

/** The registrations of event `eventId` counted by class and state. */
export function registrationTallies(eventId: number): Promise<StateTally[]> {
  return getDb()
    .select({ classId: registrations.classId, name: classes.name, state: registrations.state, count: count(registrations.id) })
    .from(registrations)
    .innerJoin(classes, eq(classes.id, registrations.classId))
    .where(eq(registrations.eventId, eventId))
    .groupBy(registrations.classId, classes.name, classes.sortOrder, registrations.state)
    .orderBy(asc(classes.sortOrder), asc(classes.name));
}
