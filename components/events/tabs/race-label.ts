/**
 * A race's name as the event page shows it: with its run number when another race of the
 * event has the same name ("Test Session 4 (run 32)").
 */
interface Named {
  id: number;
  name: string;
  runNumber: number | null;
}

/** `withRun(name, runNumber)` formats a name that needs its run number. */
export function raceLabel(race: Named, all: Named[], withRun: (name: string, run: number) => string): string {
  const twin = race.runNumber !== null && all.some((other) => other.id !== race.id && other.name === race.name);
  return twin && race.runNumber !== null ? withRun(race.name, race.runNumber) : race.name;
}
