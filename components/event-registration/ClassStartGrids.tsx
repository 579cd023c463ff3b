/**
 * The start grid of each class from its registrations (issue 27 "the start grid follows
 * registration order or the promoter's draw"; spec §2 Event page: start grid): one folded block
 * per class (a phone scrolls past a dozen classes; the rider opens theirs) with position, number,
 * name, club and city only, and whether it was drawn. Shown on the event's start grid tab, before
 * the races' own grids from timing exist. A server component.
 */
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/config';
import { getStartGrid } from '@/lib/server/registrations';
import css from '../events/event-page.module.css';
import { StartGridTable } from './StartGridTable';

/** The classes' start grids of event `eventId`, or nothing when no rider is registered. */
export async function ClassStartGrids({ locale, eventId }: { locale: Locale; eventId: number }) {
  const [grid, tg] = await Promise.all([getStartGrid(eventId), getTranslations({ locale, namespace: 'eventRegistration.grid' })]);
  if (grid.length === 0) return null;
  const gridLabels = { position: tg('position'), rider: tg('rider'), number: tg('number'), club: tg('club'), from: tg('from') };
  return (
    <section aria-labelledby="start-grid-title" className={css.gridSection}>
      <h3 id="start-grid-title" className={css.subhead}>
        {tg('title')}
      </h3>
      {grid.map((g) => (
        <details key={g.classId} className={css.gridClass}>
          <summary>
            <span className={css.gridClassName}>{g.className}</span> · {tg('riders', { count: g.rows.length })} · {g.drawn ? tg('drawnShort') : tg('byRegistrationShort')}
          </summary>
          <p className={css.text}>{g.drawn ? tg('drawn') : tg('byRegistration')}</p>
          <StartGridTable grid={g} labels={gridLabels} />
        </details>
      ))}
    </section>
  );
}
