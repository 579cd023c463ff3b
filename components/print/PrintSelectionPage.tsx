/**
 * The body of /races/printScores and /scores/printScores (spec §2; §5 Race printing; issue 12):
 * choose the event, the race(s), what to print (By position, Position only with its classes, By
 * team) and the paper, then the sheet. The form is a plain GET form on this page, so it works
 * before (and without) JavaScript: the server checks the sent selection with the same schema the
 * form uses (`printSelection`: 'You must select a race', 'No classes are selected in the Position
 * Only tab') and sends a valid one to its sheet (`sheetHref`). Races not of the chosen event are
 * dropped; coming from a sheet (`race=` without `event=`), the first race names the event.
 * Plain HTML (issue 23): a server component, as is the form (./PrintSelectionForm.tsx, native
 * controls with small client leaves).
 */
import { getTranslations } from 'next-intl/server';
import { SubHeader } from '@/components/layout/SubHeader';
import { BASE_PATH, type Locale } from '@/lib/config';
import { printSelection, readPrintSelection, sheetHref, type PrintIssue } from '@/lib/contracts/print';
import { getPathname, redirect } from '@/lib/i18n/navigation';
import { listPrintChoices } from '@/lib/server/print';
import { getRace } from '@/lib/server/races';
import type { RacePageSearch } from '@/components/results/RacePage';
import { PrintSelectionForm } from './PrintSelectionForm';
import css from './print.module.css';

export async function PrintSelectionPage({ locale, from, search }: { locale: Locale; from: '/races' | '/scores'; search: RacePageSearch }) {
  const t = await getTranslations({ locale, namespace: 'print' });
  const selection = readPrintSelection(search);
  let eventId = selection.event;
  if (eventId === null && selection.races.length) {
    const race = await getRace(selection.races[0]!);
    if (race?.event.isPublic) eventId = race.event.id;
  }
  const choices = await listPrintChoices(eventId);
  const known = new Set(choices.races.map((r) => r.id));
  // An event with a single race has it chosen already.
  const races = choices.races.length === 1 ? [choices.races[0]!.id] : selection.races.filter((id) => known.has(id));
  const chosen = { ...selection, event: choices.event?.id ?? null, races };
  let issues: PrintIssue[] = [];
  if (search.go !== undefined) {
    const parsed = printSelection.safeParse(chosen);
    if (parsed.success) return redirect({ href: sheetHref(from, parsed.data), locale });
    issues = parsed.error.issues.map((i) => i.message as PrintIssue);
  }
  const path = `${from}/printScores`;
  return (
    <>
      <SubHeader locale={locale} path={path} fallback={t('selectTitle')} />
      <div className="print-page print-page-md">
        <p className={css.intro}>{t('selectIntro')}</p>
        <PrintSelectionForm locale={locale} action={`${BASE_PATH}${getPathname({ href: path, locale })}`} events={choices.events} races={choices.races} initial={chosen} issues={issues} />
      </div>
    </>
  );
}
