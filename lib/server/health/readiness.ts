/**
 * Liveness and readiness (issue 29 "Health and metrics: `/ll/api/v1/health` (liveness) and
 * `/ready` (database, CMS, jobs)"), as a load balancer or a supervisor asks them:
 *
 * - liveness: the process answers (no dependency is asked, so a database outage never gets a
 *   live process restarted);
 * - readiness: the race database answers `select 1` within `CHECK_TIMEOUT_MS`, and this process's
 *   job worker runs (lib/server/jobs `jobWorkerRunning`); the content service is asked too
 *   (Strapi's `/_health`) and reported, but its outage does not take the instance out: every
 *   instance shares it, and pages serve their built-in fallbacks meanwhile.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { cmsUrl } from '../config/env';
import { getDb } from '../db';
import { jobWorkerRunning } from '../jobs/worker';

/** How long each dependency gets to answer, in ms. */
export const CHECK_TIMEOUT_MS = 2000;

/** Each dependency's state, and whether the instance should get traffic. */
export interface Readiness {
  ready: boolean;
  checks: { database: 'ok' | 'down'; jobs: 'ok' | 'stopped'; cms: 'ok' | 'unreachable' };
}

/** `promise`, or a rejection after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function databaseAnswers(): Promise<boolean> {
  try {
    await within(getDb().execute(sql`select 1`), CHECK_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

async function cmsAnswers(): Promise<boolean> {
  try {
    const res = await fetch(`${cmsUrl()}/_health`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    return res.ok;
  } catch {
    return false;
  }
}

/** The readiness of this process now (see the module's docstring); its checks run at once. */
export async function readiness(): Promise<Readiness> {
  const [database, cms] = await Promise.all([databaseAnswers(), cmsAnswers()]);
  const jobs = jobWorkerRunning();
  return {
    ready: database && jobs,
    checks: { database: database ? 'ok' : 'down', jobs: jobs ? 'ok' : 'stopped', cms: cms ? 'ok' : 'unreachable' },
  };
}
