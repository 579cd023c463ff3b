/**
 * The body of the sheet routes (spec §2 /races/print/{id?}, /scores/print/{id?},
 * /scores/printc/{id?}, /scores/printoa/{id?}; §6 Race display; issue 12): the race id from the
 * path (or `id_test`), checked as the race page checks it (anything but 1 goes to the error page,
 * a hidden race reads 'Race is not available for public display', no id 'The selected race
 * cannot be displayed'); then the sheet of that race and of the further races of its event the
 * query names (`race=`), with a toolbar (kept off paper): back to the results, choose other races,
 * the paper (US Letter or A4), Print, and the same sheet as a PDF
 * (livelaps/race/print/{id}, race/print-team/{id}). Each render carries the time it was printed,
 * so the page cache never keeps one. Plain HTML (issue 23): a server component whose one client
 * leaf is the Print button (./PrintButton.tsx); the PDF and paper choices are plain links.
 */
import { getTranslations } from 'next-intl/server';
import { SubHeader } from '@/components/layout/SubHeader';
import { ResultsAlert } from '@/components/results/ResultsAlert';
import { BASE_PATH, type Locale } from '@/lib/config';
import { parsePrintSheetQuery, type PaperSize, type PrintMode } from '@/lib/contracts/print';
import { Link } from '@/lib/i18n/navigation';
import { markUncacheable } from '@/lib/server/cache/tags';
import { getPrintBrand, getPrintSheets, sheetOrientation } from '@/lib/server/print';
import { displayedRace, type RacePageSearch } from '@/components/results/RacePage';
import { PrintButton } from './PrintButton';
import { PrintDocument, type SheetKind } from './PrintDocument';

export type SheetRoute = '/races/print' | '/scores/print' | '/scores/printc' | '/scores/printoa';

/** What each sheet route prints: its default mode (the query's `mode` may change it where allowed), and whether classes break pages. */
const ROUTES: Record<SheetRoute, { mode: PrintMode; modeFromQuery: boolean; breakClasses: boolean; kind: SheetKind; results: '/races' | '/scores' }> = {
  '/races/print': { mode: 'overall', modeFromQuery: true, breakClasses: false, kind: 'overall', results: '/races' },
  '/scores/print': { mode: 'classes', modeFromQuery: true, breakClasses: false, kind: 'score', results: '/scores' },
  '/scores/printc': { mode: 'classes', modeFromQuery: false, breakClasses: true, kind: 'classes', results: '/scores' },
  '/scores/printoa': { mode: 'overall', modeFromQuery: false, breakClasses: false, kind: 'overall', results: '/scores' },
};

/**
 * The PDF of the same printout (spec §7): race/print-team/{id} for a team sheet, else
 * race/print/{id}, with the same races, classes, paper and language (in the PDF each class
 * starts on a new page).
 */
function pdfHref(raceId: number, mode: PrintMode, classes: string[], races: number[], paper: PaperSize, locale: Locale): string {
  const query = new URLSearchParams();
  if (mode !== 'team') query.set('mode', mode);
  for (const c of classes) query.append('class', c);
  for (const r of races) query.append('race', String(r));
  if (paper !== 'letter') query.set('paper', paper);
  query.set('lang', locale);
  return `${BASE_PATH}/api/v1/livelaps/race/${mode === 'team' ? 'print-team' : 'print'}/${raceId}?${query.toString()}`;
}

export async function PrintSheetPage({ locale, route, segments, search }: { locale: Locale; route: SheetRoute; segments: string[] | undefined; search: RacePageSearch }) {
  markUncacheable();
  const [t, tRace] = await Promise.all([getTranslations({ locale, namespace: 'print' }), getTranslations({ locale, namespace: 'race' })]);
  const config = ROUTES[route];
  const selectPage = `${config.results}/printScores`;
  const race = await displayedRace(segments, search, locale);
  if (race === 'none') {
    return (
      <>
        <SubHeader locale={locale} path={route} fallback={t('printPage')} />
        <div className="print-page print-page-message">
          <ResultsAlert severity="warning" action={<Link href={selectPage}>{t('changeSelection')}</Link>}>
            {tRace('cannotDisplay')}
          </ResultsAlert>
        </div>
      </>
    );
  }
  const header = (
    <SubHeader locale={locale} path={`${route}/${race.id}`} fallback={`${t('printPage')} · ${race.name}`} parents={[{ label: race.event.name, href: `/events/${race.event.id}` }, { label: race.name, href: `${config.results}/${race.id}` }]} />
  );
  if (!race.isPublic) {
    return (
      <>
        {header}
        <div className="print-page print-page-message">
          <ResultsAlert severity="info">{tRace('notPublic')}</ResultsAlert>
        </div>
      </>
    );
  }
  const query = parsePrintSheetQuery(search);
  const mode = config.modeFromQuery && query.mode ? query.mode : config.mode;
  const printedAt = new Date();
  const [parts, brand] = await Promise.all([
    getPrintSheets(race, query.races, { mode, classes: query.classes, breakClasses: config.breakClasses }, locale),
    getPrintBrand(locale),
  ]);
  const sheets = parts.flatMap((p) => (p.kind === 'sheet' ? [p.sheet] : []));
  const orientation = sheetOrientation(sheets, query.paper);
  // The federation's name and logo as the page header shows them, the same as in the PDF.
  const { name: siteName, logoSrc } = brand;
  // The sheets as printed (a race without teams prints by position): the PDF button's label.
  const teamSheet = sheets.some((s) => s.mode === 'team');
  // Back to the selection with this printout chosen: its races, mode, paper and classes (every
  // printed class when the query named none, as on /scores/printc).
  const printedClasses = query.classes.length ? query.classes : [...new Set(sheets.flatMap((s) => (s.mode === 'classes' ? s.sections.flatMap((x) => (x.title === null ? [] : [x.title])) : [])))];
  const selectQuery: Record<string, string | string[]> = { event: String(race.event.id), race: [race.id, ...query.races].map(String), mode };
  if (mode === 'classes' && printedClasses.length) selectQuery.class = printedClasses;
  if (query.paper !== 'letter') selectQuery.paper = query.paper;
  const paperQuery = (paper: PaperSize) => {
    const next: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(search)) if (value !== undefined && key !== 'paper') next[key] = value;
    if (paper !== 'letter') next.paper = paper;
    return next;
  };
  return (
    <>
      <div className="no-print">{header}</div>
      <div className="print-page">
        <nav className="print-toolbar no-print" aria-label={t('printPage')}>
          <PrintButton label={t('print')} />
          <a className="print-pdf" href={pdfHref(race.id, mode, query.classes, query.races, query.paper, locale)} download>
            {teamSheet ? t('downloadTeamPdf') : t('downloadPdf')}
          </a>
          <span className="print-paper" role="group" aria-label={t('paper')}>
            {t('paperLabel')}{' '}
            {(['letter', 'a4'] as const).map((paper) => (
              <Link key={paper} href={{ pathname: `${route}/${race.id}`, query: paperQuery(paper) }} aria-current={paper === query.paper ? 'true' : undefined} className="print-paper-choice">
                {t(paper)}
              </Link>
            ))}
          </span>
          <Link href={`${config.results}/${race.id}`}>
            <span aria-hidden="true">← </span>
            {t('backToResults')}
          </Link>
          <Link href={{ pathname: selectPage, query: selectQuery }}>{t('changeSelection')}</Link>
        </nav>
        <PrintDocument parts={parts} locale={locale} kind={config.kind} paper={query.paper} orientation={orientation} printedAt={printedAt} siteName={siteName} logoSrc={logoSrc} />
      </div>
    </>
  );
}
