/**
 * Which database failures mean "unavailable" (answer 503, probe until back) and which are the
 * query's own fault (answer as usual), as the pool and Drizzle report them.
 */
import { describe, expect, it } from 'vitest';
import { isDatabaseDown, isDatabaseUnavailable, reportDatabaseError, reportDatabaseUp, setDatabaseProbe } from '../../lib/server/db/availability';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a refused or reset connection, a dropped one and a server shutting down', () => {
    expect(isDatabaseUnavailable(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:55432'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('ECONNRESET'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
  });

  it('looks through Drizzle’s wrapping (cause) and connection attempts to several addresses', () => {
    const wrapped = new Error('Failed query: select …', { cause: pgError('ECONNREFUSED') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves a wrong query, a constraint or bad input to the caller', () => {
    expect(isDatabaseUnavailable(pgError('42P01', 'relation "racez" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('22P02', 'invalid input syntax for type integer'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: pgError('23503') }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('the outage flag', () => {
  it('goes down on an availability failure only, starts the probe once, and comes back up', () => {
    let probes = 0;
    setDatabaseProbe(() => probes++);
    expect(reportDatabaseError(pgError('23505'))).toBe(false);
    expect(isDatabaseDown()).toBe(false);
    expect(reportDatabaseError(pgError('ECONNREFUSED'))).toBe(true);
    expect(reportDatabaseError(pgError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseDown()).toBe(true);
    expect(probes).toBe(1);
    reportDatabaseUp();
    expect(isDatabaseDown()).toBe(false);
  });
});
