/**
 * The texts of a results table in one language (column headers, states, "+2 laps"), from
 * the site's messages (messages/{en,fr,es}.json), for the page and the CSV/JSON export alike.
 */
import 'server-only';
import { createTranslator } from 'next-intl';
import { loadMessages } from '../../i18n/messages';
import type { Locale } from '../../config';
import type { ResultColumn, ResultState } from '../../contracts/results';
import type { TableLabels } from './results-table';


/** The table labels of `locale`. */
export async function tableLabels(locale: Locale): Promise<TableLabels> {
  const messages = await loadMessages(locale);
  const columns = createTranslator({ locale, messages, namespace: 'columns' });
  const states = createTranslator({ locale, messages, namespace: 'states' });
  const race = createTranslator({ locale, messages, namespace: 'race' });
  const common = createTranslator({ locale, messages, namespace: 'common' });
  return {
    column: (c: ResultColumn) => columns(c),
    overall: race('overallPosition'),
    state: (s: ResultState) => states(s),
    stateShort: (s: ResultState) => (s === 'DNF' || s === 'DNS' || s === 'DSQ' ? race(`stateShort.${s}`) : states(s)),
    lapsDown: (count: number) => race('lapsDown', { count }),
    officeTotal: (ridersSum: number) => race('officeTotal', { sum: ridersSum }),
    formerMember: common('formerMember'),
  };
}
