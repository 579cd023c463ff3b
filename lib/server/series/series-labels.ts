/**
 * The series table's texts in one language (column headers, 'drop', 'Not classified') from
 * the site's messages (`seriesTable` namespace of messages/{en,fr,es}.json), for the CSV
 * export (like lib/server/races/table-labels.ts).
 */
import 'server-only';
import { createTranslator } from 'next-intl';
import { loadMessages } from '../../i18n/messages';
import type { Locale } from '../../config';


/** Keys of the `seriesTable` namespace this module reads. */
export type SeriesLabelKey =
  | 'overallPosition'
  | 'classPosition'
  | 'groupPosition'
  | 'number'
  | 'name'
  | 'brand'
  | 'class'
  | 'group'
  | 'city'
  | 'overallPoints'
  | 'classPoints'
  | 'groupPoints'
  | 'eventsScored'
  | 'total'
  | 'team'
  | 'club'
  | 'emergencyPoints'
  | 'place'
  | 'notClassified';

/** The `seriesTable` label of `key` in `locale`. */
export async function seriesLabels(locale: Locale): Promise<(key: SeriesLabelKey) => string> {
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: 'seriesTable' });
  return (key) => t(key);
}
