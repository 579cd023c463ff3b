'use client';
/**
 * A race's results (spec §2 /races/{id}): the configured columns, tabs overall / by class /
 * by team where the race has them, 'No Results Available Yet' when empty. Server-rendered
 * with the first data, then kept fresh from livelaps/race/results/{id}.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { fetchRaceResults, type RaceResults } from '@/lib/api/client';
import type { ResultColumn, ResultRow, TeamRow } from '@/lib/contracts/results';
import { NUMERIC_COLUMNS, cellText, columnSx, type CellContext } from './columns';

type TabKey = 'overall' | 'class' | 'team';

function ResultsTable({ rows, columns, caption }: { rows: ResultRow[]; columns: ResultColumn[]; caption: string }) {
  const tc = useTranslations('columns');
  const ts = useTranslations('states');
  const tr = useTranslations('race');
  const leader = rows.find((r) => r.position === 1);
  const ctx: CellContext = { stateLabel: (s) => ts(s), lapsDown: (count) => tr('lapsDown', { count }), leaderLaps: leader?.laps ?? null };
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={caption}>
        <caption className="visually-hidden">{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} scope="col" align={NUMERIC_COLUMNS.has(c) ? 'right' : 'left'} sx={{ fontWeight: 700, whiteSpace: 'nowrap', ...columnSx(c) }}>
                {tc(c)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.entryId} hover data-testid="result-row">
              {columns.map((c) => (
                <TableCell
                  key={c}
                  component={c === 'name' ? 'th' : 'td'}
                  scope={c === 'name' ? 'row' : undefined}
                  align={NUMERIC_COLUMNS.has(c) ? 'right' : 'left'}
                  sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: c === 'sections' ? 'normal' : 'nowrap', ...columnSx(c) }}
                  data-column={c}
                >
                  {cellText(c, r, ctx)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function TeamTable({ teams, rows, columns, caption }: { teams: TeamRow[]; rows: ResultRow[]; columns: ResultColumn[]; caption: string }) {
  const tc = useTranslations('columns');
  const ts = useTranslations('states');
  const t = useTranslations('race');
  const teamCell = (c: ResultColumn, team: TeamRow) => {
    switch (c) {
      case 'position':
        return team.position?.toString() ?? '';
      case 'team':
        return team.name;
      case 'checkpoints':
        return team.totalCheckpoints?.toString() ?? '';
      case 'points':
        return team.totalPoints?.toString() ?? '';
      case 'emergencyPoints':
        return team.totalEmergencyPoints?.toString() ?? '';
      case 'state':
        return ts(team.state);
      default:
        return '';
    }
  };
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={caption}>
        <caption className="visually-hidden">{caption}</caption>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} scope="col" align={NUMERIC_COLUMNS.has(c) ? 'right' : 'left'} sx={{ fontWeight: 700, ...columnSx(c) }}>
                {tc(c)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {teams.map((team) => {
            const riders = rows.filter((r) => r.teamId === team.id);
            return (
              <TableRow key={team.id} hover data-testid="team-row" sx={{ verticalAlign: 'top' }}>
                {columns.map((c) => (
                  <TableCell key={c} component={c === 'team' ? 'th' : 'td'} scope={c === 'team' ? 'row' : undefined} align={NUMERIC_COLUMNS.has(c) ? 'right' : 'left'} data-column={c} sx={columnSx(c)}>
                    {c === 'team' ? (
                      <>
                        <Box component="span" sx={{ fontWeight: 700 }}>
                          {team.name}
                        </Box>
                        {riders.length > 0 && (
                          <Box component="ul" aria-label={t('teamMembers', { team: team.name })} sx={{ m: 0, mt: 0.5, pl: 2, fontSize: 13, color: 'text.secondary' }}>
                            {riders.map((r) => (
                              <li key={r.entryId}>
                                {r.number} {r.firstName} {r.lastName} · {r.className} · {r.points ?? '—'}
                              </li>
                            ))}
                          </Box>
                        )}
                      </>
                    ) : (
                      teamCell(c, team)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function ResultsView({ initial }: { initial: RaceResults }) {
  const t = useTranslations('race');
  const raceId = initial.race.id;
  const query = useQuery({ queryKey: ['race-results', raceId], queryFn: () => fetchRaceResults(raceId), initialData: initial });
  const { race, results, teams } = query.data;
  const hasTeams = teams.length > 0;
  const classes = race.config.classes.filter((c) => results.some((r) => r.className === c));
  const hasClasses = classes.length > 1;
  const [tab, setTab] = useState<TabKey>(hasTeams && race.kind === 'enduro' ? 'team' : 'overall');
  const [klass, setKlass] = useState(classes[0] ?? '');
  const columns = race.config.columns as ResultColumn[];

  if (!results.length) {
    return <Typography role="status">{t('noResults')}</Typography>;
  }
  const classColumns = columns.filter((c) => c !== 'class');
  const classRows = results
    .filter((r) => r.className === klass)
    .sort((a, b) => (a.classPosition ?? Number.MAX_SAFE_INTEGER) - (b.classPosition ?? Number.MAX_SAFE_INTEGER) || (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER));

  return (
    <Box>
      {query.isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('refreshFailed')}
        </Alert>
      )}
      {(hasTeams || hasClasses) && (
        <Tabs value={tab} onChange={(_, v: TabKey) => setTab(v)} aria-label={t('tableCaption', { race: race.name })} variant="scrollable" sx={{ mb: 2 }} className="no-print">
          {hasTeams && <Tab value="team" label={t('byTeam')} id="tab-team" aria-controls="panel-team" />}
          <Tab value="overall" label={t('overall')} id="tab-overall" aria-controls="panel-overall" />
          {hasClasses && <Tab value="class" label={t('byClass')} id="tab-class" aria-controls="panel-class" />}
        </Tabs>
      )}
      {tab === 'overall' && (
        <div role="tabpanel" id="panel-overall" aria-labelledby="tab-overall">
          <ResultsTable rows={results} columns={columns} caption={t('tableCaption', { race: race.name })} />
        </div>
      )}
      {tab === 'team' && hasTeams && (
        <div role="tabpanel" id="panel-team" aria-labelledby="tab-team">
          <TeamTable teams={teams} rows={results} columns={race.config.team_columns as ResultColumn[]} caption={t('teamTableCaption', { race: race.name })} />
        </div>
      )}
      {tab === 'class' && hasClasses && (
        <div role="tabpanel" id="panel-class" aria-labelledby="tab-class">
          <Tabs value={klass} onChange={(_, v: string) => setKlass(v)} variant="scrollable" scrollButtons="auto" aria-label={t('byClass')} sx={{ mb: 1 }}>
            {classes.map((c) => (
              <Tab key={c} value={c} label={c} aria-label={t('classTab', { name: c })} />
            ))}
          </Tabs>
          <ResultsTable rows={classRows} columns={classColumns} caption={t('classTab', { name: klass })} />
        </div>
      )}
    </Box>
  );
}
