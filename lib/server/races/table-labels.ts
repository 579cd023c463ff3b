/**
 * The texts of a results table in one language (column headers, states, "+2 laps"), from
 * the site's messages (messages/{en,fr,es}.json), for the page and the CSV/JSON export alike.
 */
import 'server-only';
import { createTranslator } from 'next-intl';
import type { Locale } from '../../config';
import type { ResultColumn, ResultState } from '../../contracts/results';
import type { TableLabels } from './results-table';

const load = (locale: Locale) =>
  locale === 'fr' ? import('../../../messages/fr.json') : locale === 'es' ? import('../../../messages/es.json') : import('../../../messages/en.json');

/** The table labels of `locale`. */
export async function tableLabels(locale: Locale): Promise<TableLabels> {
  const messages = (await load(locale)).default;
  const columns = createTranslator({ locale, messages, namespace: 'columns' });
  const states = createTranslator({ locale, messages, namespace: 'states' });
  const race = createTranslator({ locale, messages, namespace: 'race' });
  return {
    column: (c: ResultColumn) => columns(c),
    overall: race('overallPosition'),
    state: (s: ResultState) => states(s),
    lapsDown: (count: number) => race('lapsDown', { count }),
  };
}
