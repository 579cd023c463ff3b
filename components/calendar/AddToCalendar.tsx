/**
 * STUB (issue 8, calendar helper replaces it): "Add to calendar" for one event: downloads its
 * `.ics` (RFC 5545) from the API.
 */
import type { Locale } from '@/lib/config';

export async function AddToCalendar(_props: { eventId: number; locale: Locale }) {
  return null;
}
