/**
 * getEventsForCalendar request (spec §7): date (YYYY-MM-DD, default the current date shifted
 * back 2 years), type (event or regis), promoterId (a promoter user id). The date must fall
 * between 1 January of the federation's founding year and ten years ahead of today (400
 * otherwise): a calendar is built year by year, so an unbounded date is unbounded work.
 */
import { z } from '@hono/zod-openapi';
import { format, isValid, parseISO } from 'date-fns';
import { CALENDAR_FIRST_YEAR, CALENDAR_YEARS_AHEAD, INT4_MAX } from '../config';
import { calendarStart } from '../server/calendar/build';

/** The dates a calendar may start from, relative to `today`: [first, last] as YYYY-MM-DD. */
export function calendarWindow(today: Date): [string, string] {
  return [`${CALENDAR_FIRST_YEAR}-01-01`, `${today.getFullYear() + CALENDAR_YEARS_AHEAD}-12-31`];
}

export const calendarRequestSchema = z
  .object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'The provided date is invalid')
      .refine((d) => isValid(parseISO(d)) && format(parseISO(d), 'yyyy-MM-dd') === d, 'The provided date is invalid')
      .refine((d) => {
        const [first, last] = calendarWindow(new Date());
        return d >= first && d <= last;
      }, `The provided date is out of range: use a date from ${CALENDAR_FIRST_YEAR} to ${CALENDAR_YEARS_AHEAD} years ahead`)
      .optional(),
    type: z.enum(['event', 'regis'], { message: 'The provided type is invalid' }).default('event'),
    promoterId: z
      .number({ message: 'The provided promoter id is invalid' })
      .int({ message: 'The provided promoter id is invalid' })
      .positive({ message: 'The provided promoter id is invalid' })
      .max(INT4_MAX, { message: 'The provided promoter id is invalid' })
      .optional(),
    locale: z.enum(['en', 'fr', 'es']).optional(),
  })
  .openapi('CalendarRequest');

export type CalendarRequest = z.infer<typeof calendarRequestSchema>;

/** The first date the calendar shows: the requested one, else today shifted back 2 years. */
export function calendarFrom(date: string | undefined, today: Date): string {
  return date ?? calendarStart(today);
}
