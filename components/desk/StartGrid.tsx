/**
 * The start grid on the promoter's desk (issue 27 "the start grid follows registration order or
 * the promoter's draw"): per class of the event with registered riders, its grid (position,
 * rider, number, club, city: components/event-registration/StartGridTable, the table the public
 * registration tab shows), whether it was drawn, and the buttons to draw it or take it back to
 * registration order (the only client code: ./StartGridButtons as an island). Server component.
 */
import { getTranslations } from 'next-intl/server';
import { StartGridTable } from '@/components/event-registration/StartGridTable';
import { checkoutErrorTexts } from '@/components/membership-buy/error-texts';
import type { Locale } from '@/lib/config';
import { readStartGrid } from '@/lib/server/registrations';
import css from './desk.module.css';
import { StartGridButtonsIsland } from './islands';

export async function StartGrid({ locale, eventId }: { locale: Locale; eventId: number }) {
  const [grid, t, tg, errors] = await Promise.all([
    readStartGrid(eventId),
    getTranslations({ locale, namespace: 'desk.startGrid' }),
    getTranslations({ locale, namespace: 'eventRegistration.grid' }),
    checkoutErrorTexts(locale, ['not_found', 'unauthenticated', 'service_unavailable']),
  ]);
  const labels = { position: tg('position'), rider: tg('rider'), number: tg('number'), club: tg('club'), from: tg('from') };
  const buttons = { draw: t('draw'), redraw: t('redraw'), clear: t('clear'), busy: t('busy'), failed: t('failed') };
  return (
    <>
      <p>{t('intro')}</p>
      {grid.length === 0 ? <p role="status">{t('none')}</p> : null}
      {grid.map((g) => (
        <div key={g.classId} data-testid={`desk-start-grid-${g.classId}`}>
          <h3 className={css.formTitle}>
            {g.className} · {g.drawn ? t('drawn') : t('byRegistration')}
          </h3>
          <StartGridTable grid={g} labels={labels} />
          <StartGridButtonsIsland eventId={eventId} classId={g.classId} drawn={g.drawn} labels={buttons} errors={errors} />
        </div>
      ))}
    </>
  );
}
