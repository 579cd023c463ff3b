/**
 * One write (the header of ./index.ts, "Batches", "Each write", "Failures"): every run marked
 * since the last write (`marks`, ./state.ts) that is a race — not retired by a takeover, not
 * quarantined — recomputed as the importer does (`toRace`, snapshots taken before any await:
 * lines pushed meanwhile go to the next write) and written in ONE transaction, each run in a
 * savepoint of its own (./write-run.ts). A database that cannot be reached fails the whole write:
 * everything stays pending and is retried after `retryMs` (./batch-writer.ts). A run that fails
 * otherwise is rolled back alone and retried or quarantined (./quarantine.ts). Then the
 * bookkeeping (races held, taken over, logs, stats) and publishing (./publish.ts).
 */
import { performance } from 'node:perf_hooks';
import { isDatabaseUnavailable } from '../../../db/availability';
import type { Run } from '../../rmonitor/session';
import { toRace } from '../../rmonitor/to-race';
import { noteOutage, noteReachable, retryLater } from './batch-writer';
import { publish } from './publish';
import { runFailed } from './quarantine';
import { discard, type IngestState } from './state';
import { ensureClasses, writeRun, type Plan, type Written } from './write-run';

/** The runs the next write recomputes (and clears the marks). */
function takeCandidates(state: IngestState): Run[] {
  const { marks, runs } = state;
  const out = state.session.runs.filter((run) => marks.allRuns || marks.rosters.has(run.roster) || marks.forced.has(run));
  discard(state);
  return out.filter((run) => runs.isRace.has(run) && !runs.retired.has(run) && !runs.quarantined.has(run));
}

/** One transaction with every run marked since the last one, each in a savepoint; see the file's docstring. */
export async function writeBatch(state: IngestState): Promise<void> {
  const { db, runs, stats, classIds, log } = state;
  const forced = state.marks.forced;
  const candidates = takeCandidates(state);
  const sections = state.session.track?.sections ?? [];
  const failed: { run: Run; err: unknown }[] = [];
  // Snapshots taken now, before any await: lines pushed meanwhile go to the next write.
  const plans: Plan[] = [];
  for (const run of candidates) {
    try {
      plans.push({ run, race: toRace(run, sections), liveState: run === state.live.run ? 'live' : 'finished' });
    } catch (err) {
      failed.push({ run, err });
    }
  }
  let written: Written[] = [];
  if (plans.length) {
    const started = performance.now();
    const classesBefore = new Map(classIds);
    const restoreClasses = (to: Map<string, number>) => {
      classIds.clear();
      for (const [k, v] of to) classIds.set(k, v);
    };
    try {
      written = await db.transaction(async (tx) => {
        const out: Written[] = [];
        const owners = new Map(runs.holder);
        for (const plan of plans) {
          const before = new Map(classIds);
          try {
            const w = await tx.transaction(async (sp) => {
              await ensureClasses(state, sp, [plan.race]);
              return writeRun(state, sp, plan, owners);
            });
            if (w) {
              out.push(w);
              owners.set(w.state.raceId, plan.run);
            }
          } catch (err) {
            if (isDatabaseUnavailable(err)) throw err;
            // Classes read inside the rolled-back savepoint may not exist.
            restoreClasses(before);
            failed.push({ run: plan.run, err });
          }
        }
        return out;
      });
      noteReachable(state);
    } catch (err) {
      restoreClasses(classesBefore);
      written = [];
      if (isDatabaseUnavailable(err)) {
        noteOutage(state, err);
        for (const { run } of plans) forced.add(run);
        for (const f of failed) forced.add(f.run);
        retryLater(state);
        return;
      }
      // The transaction itself failed (its commit): every run of it failed.
      const already = new Set(failed.map((f) => f.run));
      for (const { run } of plans) if (!already.has(run)) failed.push({ run, err });
    }
    if (written.length) {
      stats.writes++;
      stats.lastWriteMs = performance.now() - started;
    }
  }

  for (const w of written) {
    if (w.tookOver) {
      runs.states.delete(w.tookOver);
      runs.retired.add(w.tookOver);
      if (state.live.run === w.tookOver) state.live.run = w.run;
    }
    runs.states.set(w.run, w.state);
    runs.holder.set(w.state.raceId, w.run);
    runs.failures.delete(w.run);
    stats.passings += w.inserted;
    stats.updatedPassings += w.updated;
    if (w.rewritten) stats.rewrites++;
    if (w.created) stats.racesCreated++;
    const key = w.state.runKey;
    if (w.created) log(`run ${key}: started, race ${w.state.raceId} created`);
    else if (w.tookOver) log(`run ${key}: started over by the timing system, continues race ${w.state.raceId}`);
    else if (w.liveNow) log(`run ${key}: live again in race ${w.state.raceId}`);
    if (w.finishedNow) log(`run ${key}: session finished (race ${w.state.raceId})`);
  }
  for (const { run, err } of failed) runFailed(state, run, err);
  if (failed.some((f) => !runs.quarantined.has(f.run))) retryLater(state);
  await publish(
    state,
    written.map((w) => ({
      raceId: w.state.raceId,
      seq: w.state.seq,
      state: w.state.liveState!,
      stateChanged: w.created || w.liveNow || w.finishedNow,
      finished: w.finishedNow,
    })),
  );
}
