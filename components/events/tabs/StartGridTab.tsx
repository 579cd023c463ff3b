/**
 * The start grid tab (spec §2 Event page: start grid; §7 racesStartGrid): per public race in
 * running order, its riders by grid position, gate pick or enduro start row, with race
 * number, name and class (under the name on a phone). A race without a grid says so. Plain
 * HTML from the server (issue 23).
 */
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { getRacesStartGrid } from '@/lib/server/events';
import css from '../event-page.module.css';
import { raceLabel } from './race-label';
import { ClassStartGrids } from '@/components/event-registration/ClassStartGrids';
import { personName } from '@/lib/format/person-name';

export async function StartGridTab({ locale, eventId }: { locale: Locale; eventId: number }) {
  const [races, t, common] = await Promise.all([getRacesStartGrid(eventId), getTranslations({ locale, namespace: 'eventPage' }), getTranslations({ locale, namespace: 'common' })]);
  // Before the races exist (or beside them): each class's grid from its registrations (issue 27).
  const classGrids = <ClassStartGrids locale={locale} eventId={eventId} />;
  if (!races.length)
    return (
      <>
        {classGrids}
        <p role="status" className={css.none}>
          {t('races.none')}
        </p>
      </>
    );
  const all = races.map((r) => ({ ...r, id: r.raceId }));
  return (
    <>
      {classGrids}
      {all.map((race) => {
        const name = raceLabel(race, all, (n, run) => t('runNumber', { name: n, number: run }));
        const headingId = `grid-${race.raceId}`;
        // Enduro: the start row as written (23A), often the rider's number too (then one column).
        // Otherwise the grid position (pick order or slot), and the gate or slot picked when given.
        const enduro = race.kind === 'enduro';
        const showNumber = !enduro || race.rows.some((row) => row.label !== row.number);
        const showLabel = !enduro && race.rows.some((row) => row.label !== null && row.label !== String(row.position));
        return (
          <section key={race.raceId} aria-labelledby={headingId} className={css.gridRace}>
            <h3 id={headingId} className={css.subhead}>
              {name}
            </h3>
            {race.rows.length === 0 ? (
              <p className={`${css.none} ${css.small}`}>{t('grid.none')}</p>
            ) : (
              <div className={css.scroller} role="region" aria-label={t('grid.tableLabel', { race: name })} tabIndex={0}>
                <table className={css.table} data-testid="start-grid">
                  <thead>
                    <tr>
                      <th scope="col" className={`${css.first} ${css.num}`}>
                        {enduro ? t('grid.row') : <abbr title={t('grid.position')}>{t('grid.positionShort')}</abbr>}
                      </th>
                      {showLabel && <th scope="col">{t('grid.spot')}</th>}
                      {showNumber && (
                        <th scope="col" className={css.num}>
                          {t('number')}
                        </th>
                      )}
                      <th scope="col">{t('rider')}</th>
                      <th scope="col" className={css.wideOnly}>
                        {t('registration.class')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {race.rows.map((row) => (
                      <tr key={row.entryId}>
                        <td className={`${css.first} ${css.num}`}>{(enduro ? (row.label ?? row.position) : (row.position ?? row.label)) ?? ''}</td>
                        {showLabel && <td>{row.label ?? ''}</td>}
                        {showNumber && <td className={css.num}>{row.number}</td>}
                        <th scope="row" className={css.riderCell}>
                          {personName(row.firstName, row.lastName, common('formerMember'))}
                          {row.className && <span className={css.sub}>{row.className}</span>}
                        </th>
                        <td className={css.wideOnly}>{row.className ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}
    </>
  );
}
