'use client';
/**
 * The selection form of /races/printScores and /scores/printScores (spec §5 Race printing; issue
 * 12): the event (changing it loads its races beside it, the field keeping the focus), the
 * race(s) as checkboxes, what to print as tabs (By position, Position only with the classes of
 * the chosen races, By team), the paper, and
 * "Show the sheet". Checked here with the server's schema (`printSelection`) before leaving the
 * page: 'You must select a race', 'No classes are selected in the Position Only tab' appear in an
 * alert that takes the focus and beside their fields. It is a GET form on its own page: before
 * React has hydrated (or without JavaScript) the browser sends it and the server checks the same
 * rules.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, useTransition, type FormEvent } from 'react';
import { PAPER_SIZES, PRINT_MODES, printSelection, sheetHref, type PaperSize, type PrintIssue, type PrintEventChoice, type PrintMode, type PrintRaceChoice, type PrintSelection } from '@/lib/contracts/print';
import { formatDate } from '@/lib/format';
import { usePathname, useRouter } from '@/lib/i18n/navigation';

/** An event with results to print, as the event field lists it (`startDate` YYYY-MM-DD). */
const MODE_LABEL = { overall: 'byPosition', classes: 'positionOnly', team: 'byTeam' } as const;
const MODE_HELP = { overall: 'byPositionHelp', classes: 'positionOnlyHelp', team: 'byTeamHelp' } as const;

/** Nothing to subscribe to: the value only differs between the server render (false) and the browser (true). */
const noSubscribe = () => () => {};

export function PrintSelectionForm({ from, action, events, races, initial, initialIssues }: {
  from: '/races' | '/scores';
  /** This page's address (base path and language included): the form's GET target. */
  action: string;
  events: PrintEventChoice[];
  races: PrintRaceChoice[];
  initial: PrintSelection;
  initialIssues: PrintIssue[];
}) {
  const t = useTranslations('print');
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  const [loading, startLoading] = useTransition();
  const [chosenRaces, setChosenRaces] = useState<number[]>(initial.races);
  const [mode, setMode] = useState<PrintMode>(initial.mode);
  const [chosenClasses, setChosenClasses] = useState<string[]>(initial.classes);
  const [paper, setPaper] = useState<PaperSize>(initial.paper);
  const [issues, setIssues] = useState<PrintIssue[]>(initialIssues);
  // Another event loaded (the form stays mounted so the event field keeps the focus while a
  // keyboard user arrows through it): its races, classes and messages replace the old ones.
  const [shownEvent, setShownEvent] = useState(initial.event);
  const [eventValue, setEventValue] = useState(String(initial.event ?? ''));
  if (shownEvent !== initial.event) {
    setShownEvent(initial.event);
    setEventValue(String(initial.event ?? ''));
    setChosenRaces(initial.races);
    setChosenClasses(initial.classes);
    setIssues(initialIssues);
  }
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (issues.length) alertRef.current?.focus();
  }, [issues]);

  // The classes of the chosen races (of every race while none is chosen), in race order.
  const classes = useMemo(() => {
    const from = chosenRaces.length ? races.filter((r) => chosenRaces.includes(r.id)) : races;
    return [...new Set(from.flatMap((r) => r.classes))];
  }, [races, chosenRaces]);
  const shownClasses = chosenClasses.filter((c) => classes.includes(c));

  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));
  const raceIssue = issues.includes('race_required');
  const classIssue = issues.includes('classes_required');

  // The chosen mode and paper go along, so the new event's form keeps them.
  const chooseEvent = (value: string) => {
    const query: Record<string, string> = { mode };
    if (value) query.event = value;
    if (paper !== 'letter') query.paper = paper;
    startLoading(() => router.replace({ pathname, query }, { scroll: false }));
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const selection: PrintSelection = { event: initial.event, races: races.filter((r) => chosenRaces.includes(r.id)).map((r) => r.id), mode, classes: shownClasses, paper };
    const parsed = printSelection.safeParse(selection);
    if (!parsed.success) {
      setIssues(parsed.error.issues.map((i) => i.message as PrintIssue));
      return;
    }
    setIssues([]);
    startLoading(() => router.push(sheetHref(from, parsed.data)));
  };

  return (
    <Box component="form" method="get" action={action} onSubmit={submit} noValidate sx={{ display: 'grid', gap: 3 }}>
      {issues.length > 0 && (
        <Alert severity="error" ref={alertRef} tabIndex={-1} role="alert">
          {issues.map((code) => (
            <div key={code}>{t(`errors.${code}`)}</div>
          ))}
        </Alert>
      )}
      {events.length === 0 ? (
        <Alert severity="info">{t('noEvents')}</Alert>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            select
            name="event"
            label={t('event')}
            value={eventValue}
            onChange={(e) => {
              setEventValue(e.target.value);
              chooseEvent(e.target.value);
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: { xs: '100%', sm: 420 }, maxWidth: '100%' }}
          >
            <option value="">{t('chooseEvent')}</option>
            {events.map((ev) => (
              <option key={ev.id} value={ev.id}>
                {`${ev.name} — ${formatDate(ev.startDate, locale)}`}
              </option>
            ))}
          </TextField>
          {!hydrated && (
            <Button type="submit" variant="outlined" sx={{ mt: 1 }}>
              {t('showRaces')}
            </Button>
          )}
        </Box>
      )}
      {loading && <LinearProgress aria-label={t('showRaces')} />}

      {initial.event !== null && (
        <>
          <FormControl component="fieldset" error={raceIssue} variant="standard">
            <FormLabel component="legend">{t('races')}</FormLabel>
            {races.length === 0 ? (
              <Typography>{t('noRaces')}</Typography>
            ) : (
              <FormGroup>
                {races.map((race) => (
                  <FormControlLabel
                    key={race.id}
                    control={<Checkbox name="race" value={race.id} checked={chosenRaces.includes(race.id)} onChange={(e) => setChosenRaces((list) => toggle(list, race.id, e.target.checked))} />}
                    label={`${race.runNumber === null ? race.name : t('raceChoice', { name: race.name, run: race.runNumber })} (${t('raceEntries', { count: race.entryCount })})`}
                  />
                ))}
              </FormGroup>
            )}
            {raceIssue && <FormHelperText>{t('errors.race_required')}</FormHelperText>}
          </FormControl>

          <FormControl component="fieldset" variant="standard" sx={{ minWidth: 0 }}>
            <FormLabel component="legend">{t('whatToPrint')}</FormLabel>
            {hydrated ? (
              <>
                <input type="hidden" name="mode" value={mode} />
                <Tabs value={mode} onChange={(_, value: PrintMode) => setMode(value)} variant="scrollable" allowScrollButtonsMobile aria-label={t('whatToPrint')}>
                  {PRINT_MODES.map((m) => (
                    <Tab key={m} value={m} label={t(MODE_LABEL[m])} id={`print-tab-${m}`} aria-controls={`print-panel-${m}`} />
                  ))}
                </Tabs>
              </>
            ) : (
              // Before hydration (or without JavaScript) the tabs are radio buttons and every panel shows.
              <RadioGroup row name="mode" defaultValue={mode}>
                {PRINT_MODES.map((m) => (
                  <FormControlLabel key={m} value={m} control={<Radio />} label={t(MODE_LABEL[m])} />
                ))}
              </RadioGroup>
            )}
            {PRINT_MODES.map((m) => (
              // A panel of text only is itself a tab stop (WAI-ARIA tabs pattern), so its text is reached right after the tabs.
              <Box
                key={m}
                role={hydrated ? 'tabpanel' : undefined}
                id={`print-panel-${m}`}
                aria-labelledby={hydrated ? `print-tab-${m}` : undefined}
                hidden={hydrated && mode !== m}
                tabIndex={hydrated && m !== 'classes' ? 0 : undefined}
                sx={{ pt: 2 }}
              >
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t(MODE_HELP[m])}
                </Typography>
                {m === 'classes' && (
                  <FormControl component="fieldset" error={classIssue} variant="standard">
                    <FormLabel component="legend">{t('classes')}</FormLabel>
                    {classes.length === 0 ? (
                      <Typography>{t('noClasses')}</Typography>
                    ) : (
                      <>
                        {/* It ticks the boxes below with JavaScript; without, it would do nothing. */}
                        {hydrated && (
                          <FormControlLabel
                            control={
                              <Checkbox
                                checked={shownClasses.length === classes.length}
                                indeterminate={shownClasses.length > 0 && shownClasses.length < classes.length}
                                onChange={(e) => setChosenClasses(e.target.checked ? classes : [])}
                              />
                            }
                            label={t('selectAllClasses')}
                          />
                        )}
                        <FormGroup sx={{ pl: 3, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                          {classes.map((c) => (
                            <FormControlLabel
                              key={c}
                              control={<Checkbox name="class" value={c} checked={shownClasses.includes(c)} onChange={(e) => setChosenClasses((list) => toggle(list, c, e.target.checked))} />}
                              label={c}
                            />
                          ))}
                        </FormGroup>
                      </>
                    )}
                    {classIssue && <FormHelperText>{t('errors.classes_required')}</FormHelperText>}
                  </FormControl>
                )}
              </Box>
            ))}
          </FormControl>

          <FormControl component="fieldset" variant="standard">
            <FormLabel component="legend">{t('paper')}</FormLabel>
            <RadioGroup row name="paper" value={paper} onChange={(e) => setPaper(e.target.value as PaperSize)}>
              {PAPER_SIZES.map((p) => (
                <FormControlLabel key={p} value={p} control={<Radio />} label={t(p)} />
              ))}
            </RadioGroup>
          </FormControl>

          <Box>
            <Button type="submit" name="go" value="1" variant="contained" size="large" disabled={loading}>
              {t('showSheet')}
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
