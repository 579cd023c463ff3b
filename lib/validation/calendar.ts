/**
 * getEventsForCalendar request (spec §7): date (YYYY-MM-DD, default the current date shifted
 * back 2 years), type (event or regis), promoterId (a promoter user id).
 */
import { z } from '@hono/zod-openapi';
import { format, isValid, parseISO } from 'date-fns';
import { calendarStart } from '../server/calendar/build';

export const calendarRequestSchema = z
  .object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'The provided date is invalid')
      .refine((d) => isValid(parseISO(d)) && format(parseISO(d), 'yyyy-MM-dd') === d, 'The provided date is invalid')
      .optional(),
    type: z.enum(['event', 'regis'], { message: 'The provided type is invalid' }).default('event'),
    promoterId: z.number().int().positive({ message: 'The provided promoter id is invalid' }).optional(),
    locale: z.enum(['en', 'fr', 'es']).optional(),
  })
  .openapi('CalendarRequest');

export type CalendarRequest = z.infer<typeof calendarRequestSchema>;

/** The first date the calendar shows: the requested one, else today shifted back 2 years. */
export function calendarFrom(date: string | undefined, today: Date): string {
  return date ?? calendarStart(today);
}
