/**
 * The series table's texts in one language (column headers, 'drop', 'Not classified') from
 * the site's messages (`seriesTable` namespace of messages/{en,fr,es}.json), for the CSV
 * export (like lib/server/races/table-labels.ts).
 */
import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '../../config';

const load = (locale: Locale) =>
  locale === 'fr' ? import('../../../messages/fr.json') : locale === 'es' ? import('../../../messages/es.json') : import('../../../messages/en.json');

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
  const messages = (await load(locale)).default;
  const t = createTranslator({ locale, messages, namespace: 'seriesTable' });
  return (key) => t(key);
}
