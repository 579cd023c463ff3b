/**
 * The printed sheet model (spec §2 print routes, §5 Race printing) on synthetic races: which
 * rows each mode prints and in what order, the class sections and their page breaks, and the
 * page orientation chosen from the columns.
 */
import { describe, expect, it } from 'vitest';
import type { RaceConfig, RaceView, ResultColumn, ResultRow, TeamRow } from '../../contracts/results';
import type { TableLabels } from '../races/results-table';
import { buildPrintSheet, printableWidthPt, sectionWidthPt, sheetOrientation, type PrintOptions, type PrintSheet } from './build-print-sheet';

const labels: TableLabels = {
  column: (c: ResultColumn) => `col:${c}`,
  overall: 'Overall',
  state: (s) => `state:${s}`,
  lapsDown: (n) => `+${n} laps`,
  officeTotal: (sum) => `office total; riders ${sum}`,
  formerMember: 'Former member',
};

function raceOf(config: Partial<RaceConfig> = {}, kind: RaceView['kind'] = 'sprint'): RaceView {
  return {
    id: 40,
    name: 'Open Pro – Moto 1',
    kind,
    runNumber: 1,
    startTime: null,
    config: {
      classes: ['Pro', 'Vet', 'Women'],
      clases_team: [],
      columns: ['position', 'classPosition', 'number', 'name', 'class', 'laps', 'totalTime', 'state'],
      team_columns: ['position', 'team', 'points', 'state'],
      sections: [],
      ...config,
    },
    clock: null,
    event: { id: 7, name: 'Motocross des Pins', startDate: '2026-05-16' },
  };
}

let nextId = 1;
function rider(over: Partial<ResultRow>): ResultRow {
  const entryId = over.entryId ?? nextId++;
  return {
    entryId,
    participantId: entryId,
    position: null,
    classPosition: null,
    groupPosition: null,
    number: String(entryId),
    firstName: 'Rider',
    lastName: `No${entryId}`,
    className: null,
    classGroup: null,
    brand: null,
    team: null,
    teamId: null,
    city: null,
    state: null,
    country: null,
    transponder: null,
    laps: 10,
    lastLapMs: null,
    bestLapMs: null,
    bestLapNumber: null,
    totalTimeMs: 600_000 + entryId * 1000,
    gapMs: null,
    diffMs: null,
    penaltyMs: null,
    penaltyLaps: null,
    resultState: 'finished',
    checkpoints: null,
    points: null,
    emergencyPoints: null,
    pointsOverall: null,
    pointsClass: null,
    pointsGroup: null,
    speedKmh: null,
    sectionTimes: [],
    ...over,
  };
}

/** Seven riders of three classes, by overall position as getRaceResults returns them. */
const results: ResultRow[] = [
  rider({ entryId: 11, position: 1, className: 'Vet', classPosition: 1 }),
  rider({ entryId: 12, position: 2, className: 'Pro', classPosition: 1 }),
  rider({ entryId: 13, position: 3, className: 'Women', classPosition: 1 }),
  rider({ entryId: 14, position: 4, className: 'Pro', classPosition: 2 }),
  rider({ entryId: 15, position: 5, className: 'Vet', classPosition: 2 }),
  rider({ entryId: 16, position: 6, className: 'Pro', classPosition: 3 }),
  rider({ entryId: 17, position: null, className: 'Pro', classPosition: null, resultState: 'DNF', laps: 2 }),
];

const overall: PrintOptions = { mode: 'overall', classes: [], breakClasses: false };
const byClass = (classes: string[] = [], breakClasses = false): PrintOptions => ({ mode: 'classes', classes, breakClasses });
const entryIds = (sheet: PrintSheet, section = 0) => sheet.sections[section].rows.map((r) => r.entryId);
const cell = (sheet: PrintSheet, key: ResultColumn, section = 0) => {
  const at = sheet.sections[section].columns.findIndex((c) => c.key === key);
  return sheet.sections[section].rows.map((r) => r.cells[at]);
};

describe('buildPrintSheet: overall (By position)', () => {
  it('prints every rider once in position order, the unplaced last, in one untitled section', () => {
    const sheet = buildPrintSheet(raceOf(), results, [], overall, labels, false);
    expect(sheet.mode).toBe('overall');
    expect(sheet.sections).toHaveLength(1);
    expect(sheet.sections[0]).toMatchObject({ title: null, breakBefore: false });
    expect(entryIds(sheet)).toEqual([11, 12, 13, 14, 15, 16, 17]);
    // The unplaced rider shows their state in the position column, never a number (issue 25).
    expect(cell(sheet, 'position')).toEqual(['1', '2', '3', '4', '5', '6', 'state:DNF']);
    expect(cell(sheet, 'name')[0]).toBe('Rider No11');
    expect(sheet.sections[0].columns[0]).toMatchObject({ key: 'position', label: 'col:position' });
    expect(sheet.missingClasses).toEqual([]);
    expect(sheet.race.id).toBe(40);
  });

  it('passes `official` through', () => {
    expect(buildPrintSheet(raceOf(), results, [], overall, labels, true).official).toBe(true);
    expect(buildPrintSheet(raceOf(), results, [], overall, labels, false).official).toBe(false);
    expect(buildPrintSheet(raceOf(), results, [], byClass(), labels, true).official).toBe(true);
  });

  it('an empty race is one section without rows', () => {
    const sheet = buildPrintSheet(raceOf(), [], [], overall, labels, false);
    expect(sheet.sections).toHaveLength(1);
    expect(sheet.sections[0].rows).toEqual([]);
  });
});

describe('buildPrintSheet: classes (Position only)', () => {
  it('one section per class in the race’s class order, each with only its riders by place in class', () => {
    const sheet = buildPrintSheet(raceOf(), results, [], byClass(), labels, false);
    expect(sheet.mode).toBe('classes');
    expect(sheet.sections.map((s) => s.title)).toEqual(['Pro', 'Vet', 'Women']);
    expect(entryIds(sheet, 0)).toEqual([12, 14, 16, 17]);
    expect(entryIds(sheet, 1)).toEqual([11, 15]);
    expect(entryIds(sheet, 2)).toEqual([13]);
    // Place in class first, the overall position as a further column.
    expect(sheet.sections[0].columns[0].key).toBe('classPosition');
    expect(cell(sheet, 'classPosition', 0)).toEqual(['1', '2', '3', 'state:DNF']);
    expect(cell(sheet, 'position', 1)).toEqual(['1', '5']);
    expect(sheet.sections[0].columns.find((c) => c.key === 'position')?.label).toBe('Overall');
    expect(sheet.sections[0].columns.some((c) => c.key === 'class')).toBe(false);
    expect(sheet.missingClasses).toEqual([]);
    // Every rider with a class is printed exactly once.
    expect(sheet.sections.flatMap((s) => s.rows.map((r) => r.entryId)).sort()).toEqual(results.map((r) => r.entryId).sort());
  });

  it('orders by place in class even when the results come in another order', () => {
    const shuffled = [results[5], results[4], results[6], results[3], results[0], results[1]];
    const sheet = buildPrintSheet(raceOf(), shuffled, [], byClass(['Pro']), labels, false);
    expect(entryIds(sheet)).toEqual([12, 14, 16, 17]);
  });

  it('prints only the asked classes, in the race’s order whatever the order asked', () => {
    const sheet = buildPrintSheet(raceOf(), results, [], byClass(['Women', 'Pro']), labels, false);
    expect(sheet.sections.map((s) => s.title)).toEqual(['Pro', 'Women']);
    expect(sheet.sections.flatMap((s) => s.rows.map((r) => r.entryId)).sort()).toEqual([12, 13, 14, 16, 17]);
  });

  it('lists an asked class no rider of this race is in as missing', () => {
    const sheet = buildPrintSheet(raceOf(), results, [], byClass(['Vet', 'LMP1', 'Women ']), labels, false);
    expect(sheet.sections.map((s) => s.title)).toEqual(['Vet']);
    expect(sheet.missingClasses).toEqual(['LMP1', 'Women ']);
    const none = buildPrintSheet(raceOf(), results, [], byClass(['LMP1']), labels, false);
    expect(none.sections).toEqual([]);
    expect(none.missingClasses).toEqual(['LMP1']);
  });

  it('breakClasses starts every section but the first on a new page', () => {
    const broken = buildPrintSheet(raceOf(), results, [], byClass([], true), labels, false);
    expect(broken.sections.map((s) => s.breakBefore)).toEqual([false, true, true]);
    const flowing = buildPrintSheet(raceOf(), results, [], byClass([], false), labels, false);
    expect(flowing.sections.map((s) => s.breakBefore)).toEqual([false, false, false]);
    const asked = buildPrintSheet(raceOf(), results, [], byClass(['Women', 'Vet'], true), labels, false);
    expect(asked.sections.map((s) => s.breakBefore)).toEqual([false, true]);
  });

  it('a race of one class gives one section with every rider', () => {
    const one = results.map((r) => ({ ...r, className: 'Pro', classPosition: r.position }));
    const sheet = buildPrintSheet(raceOf({ classes: ['Pro'] }), one, [], byClass(), labels, false);
    expect(sheet.mode).toBe('classes');
    expect(sheet.sections).toHaveLength(1);
    expect(sheet.sections[0]).toMatchObject({ title: 'Pro', breakBefore: false });
    expect(entryIds(sheet)).toEqual([11, 12, 13, 14, 15, 16, 17]);
    expect(buildPrintSheet(raceOf({ classes: ['Pro'] }), one, [], byClass(['Pro'], true), labels, false).sections).toHaveLength(1);
  });

  it('a race without classes prints every rider by position rather than an empty sheet', () => {
    const classless = results.map((r) => ({ ...r, className: null, classPosition: null }));
    const sheet = buildPrintSheet(raceOf({ classes: [] }), classless, [], byClass(), labels, false);
    expect(sheet.mode).toBe('overall');
    expect(sheet.sections).toHaveLength(1);
    expect(entryIds(sheet)).toEqual([11, 12, 13, 14, 15, 16, 17]);
    // Asked classes it does not have are still reported missing, with nothing printed.
    const asked = buildPrintSheet(raceOf({ classes: [] }), classless, [], byClass(['Pro']), labels, false);
    expect(asked.sections).toEqual([]);
    expect(asked.missingClasses).toEqual(['Pro']);
  });
});

describe('buildPrintSheet: team (By team)', () => {
  const teams: TeamRow[] = [
    { id: 1, name: 'Les Bouilleurs', position: 1, state: 'finished', totalCheckpoints: 20, totalPoints: 12, totalEmergencyPoints: null },
    { id: 2, name: 'Mud Club', position: 2, state: 'finished', totalCheckpoints: 20, totalPoints: 30, totalEmergencyPoints: null },
  ];
  const members = [
    rider({ entryId: 21, position: 1, team: 'Mud Club', teamId: 2, className: 'Pro', classPosition: 1 }),
    rider({ entryId: 22, position: 2, team: 'Les Bouilleurs', teamId: 1, className: 'Pro', classPosition: 2 }),
    rider({ entryId: 23, position: 3, team: 'Les Bouilleurs', teamId: 1, className: 'Vet', classPosition: 1 }),
    rider({ entryId: 24, position: 4, team: 'Mud Club', teamId: 2, className: 'Vet', classPosition: 2 }),
    rider({ entryId: 25, position: 5, className: 'Vet', classPosition: 3 }),
  ];

  it('prints each team followed by its riders, in the teams’ order', () => {
    const sheet = buildPrintSheet(raceOf({}, 'enduro'), members, teams, { mode: 'team', classes: [], breakClasses: false }, labels, true);
    expect(sheet.mode).toBe('team');
    expect(sheet.official).toBe(true);
    expect(sheet.sections).toHaveLength(1);
    expect(sheet.sections[0].title).toBeNull();
    expect(sheet.sections[0].rows.map((r) => `${r.kind}:${r.id}`)).toEqual(['team:t1', 'member:e22', 'member:e23', 'team:t2', 'member:e21', 'member:e24']);
    expect(cell(sheet, 'team')).toEqual(['Les Bouilleurs', '22 Rider No22', '23 Rider No23', 'Mud Club', '21 Rider No21', '24 Rider No24']);
    expect(sheet.sections[0].columns.find((c) => c.key === 'team')?.identity).toBe(true);
  });

  it('a race without teams prints by position', () => {
    const sheet = buildPrintSheet(raceOf(), results, [], { mode: 'team', classes: [], breakClasses: false }, labels, false);
    expect(sheet.mode).toBe('overall');
    expect(sheet.sections).toHaveLength(1);
    expect(entryIds(sheet)).toEqual([11, 12, 13, 14, 15, 16, 17]);
  });

  it('the overall sheet of a teamed enduro lists the riders, not the teams', () => {
    const sheet = buildPrintSheet(raceOf({}, 'enduro'), members, teams, overall, labels, false);
    expect(sheet.sections[0].rows.every((r) => r.kind === 'rider')).toBe(true);
    expect(entryIds(sheet)).toEqual([21, 22, 23, 24, 25]);
  });
});

describe('sheetOrientation', () => {
  /** Headers as short as real ones ("Pos", "No.", "Laps"). */
  const short: TableLabels = { ...labels, column: (c) => c.slice(0, 4) };
  const sheetWith = (columns: ResultColumn[], rows: ResultRow[] = results): PrintSheet =>
    buildPrintSheet(raceOf({ columns }), rows, [], overall, short, false);

  it('printableWidthPt: page width less 12 mm margins, A4 narrower than Letter in portrait, wider in landscape', () => {
    const margins = 2 * (12 / 25.4) * 72;
    expect(printableWidthPt('letter', 'portrait')).toBeCloseTo(612 - margins, 5);
    expect(printableWidthPt('letter', 'landscape')).toBeCloseTo(792 - margins, 5);
    expect(printableWidthPt('a4', 'portrait')).toBeCloseTo(595.28 - margins, 5);
    expect(printableWidthPt('a4', 'landscape')).toBeCloseTo(841.89 - margins, 5);
    expect(printableWidthPt('a4', 'portrait')).toBeLessThan(printableWidthPt('letter', 'portrait'));
    expect(printableWidthPt('a4', 'landscape')).toBeGreaterThan(printableWidthPt('letter', 'landscape'));
  });

  it('sectionWidthPt: per column its longest text at 0.52 em, plus 8 pt', () => {
    const section = { columns: [{ key: 'name' as const, label: 'Name', numeric: false, identity: true }], rows: [{ id: 'e1', kind: 'rider' as const, entryId: 1, state: 'finished' as const, cells: ['Ten chars!'] }] };
    expect(sectionWidthPt(section)).toBeCloseTo(10 * 9 * 0.52 + 8, 5);
    expect(sectionWidthPt(section, 10)).toBeCloseTo(10 * 10 * 0.52 + 8, 5);
    expect(sectionWidthPt({ columns: [], rows: [] })).toBe(0);
  });

  it('a few narrow columns print portrait', () => {
    const sheet = sheetWith(['position', 'number', 'name', 'laps', 'totalTime']);
    expect(sheet.sections[0].columns).toHaveLength(5);
    expect(sheetOrientation([sheet], 'letter')).toBe('portrait');
    expect(sheetOrientation([sheet], 'a4')).toBe('portrait');
  });

  it('more than 9 columns print landscape', () => {
    const ten: ResultColumn[] = ['position', 'classPosition', 'number', 'name', 'class', 'brand', 'city', 'laps', 'totalTime', 'state'];
    const rows = results.map((r) => ({ ...r, brand: 'KTM', city: 'Ayr', state: 'ON' }));
    const sheet = sheetWith(ten, rows);
    expect(sheet.sections[0].columns).toHaveLength(10);
    expect(sectionWidthPt(sheet.sections[0])).toBeLessThan(printableWidthPt('a4', 'portrait'));
    expect(sheetOrientation([sheet], 'letter')).toBe('landscape');
    const nine = sheetWith(ten.slice(0, 9), rows);
    expect(nine.sections[0].columns).toHaveLength(9);
    expect(sheetOrientation([nine], 'letter')).toBe('portrait');
  });

  it('very long cells print landscape', () => {
    const long = results.map((r, i) => (i === 3 ? { ...r, firstName: 'Maximilien-Alexandre-Théodore de la Rochefoucauld', lastName: 'Beauchemin-Tremblay-Lapointe', brand: 'Husqvarna FC 450 Rockstar Edition Factory Replica 2026' } : r));
    const sheet = sheetWith(['position', 'number', 'name', 'brand', 'laps', 'totalTime'], long);
    expect(sectionWidthPt(sheet.sections[0])).toBeGreaterThan(printableWidthPt('letter', 'portrait'));
    expect(sheetOrientation([sheet], 'letter')).toBe('landscape');
  });

  it('a width between A4’s and Letter’s portrait widths is landscape on A4 only', () => {
    const a4 = printableWidthPt('a4', 'portrait');
    const letter = printableWidthPt('letter', 'portrait');
    // The position column every sheet leads with, then one name column wide enough for A4 but not
    // for Letter: (width − 8) / (9 × 0.52) characters.
    const positionPt = sectionWidthPt(sheetWith(['position'], [rider({ entryId: 90, position: 1 })]).sections[0]);
    const chars = Math.ceil(((a4 + letter) / 2 - positionPt - 8) / (9 * 0.52));
    const row = rider({ entryId: 90, position: 1, firstName: 'x'.repeat(chars), lastName: '' });
    const sheet = sheetWith(['name'], [row]);
    const width = sectionWidthPt(sheet.sections[0]);
    expect(width).toBeGreaterThan(a4);
    expect(width).toBeLessThan(letter);
    expect(sheetOrientation([sheet], 'a4')).toBe('landscape');
    expect(sheetOrientation([sheet], 'letter')).toBe('portrait');
  });

  it('one wide section among several sheets turns the whole printout', () => {
    const narrow = sheetWith(['position', 'number', 'name']);
    const wide = sheetWith(['position', 'classPosition', 'number', 'name', 'class', 'brand', 'city', 'laps', 'totalTime', 'state'], results.map((r) => ({ ...r, brand: 'KTM', city: 'Ayr' })));
    expect(sheetOrientation([narrow], 'letter')).toBe('portrait');
    expect(sheetOrientation([narrow, wide], 'letter')).toBe('landscape');
    expect(sheetOrientation([], 'letter')).toBe('portrait');
  });
});
