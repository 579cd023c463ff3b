/**
 * What the base backup copies (scripts/lib/backup/snapshot.ts): the files PostgreSQL's docs say
 * to leave out stay out, and the WAL segment names between a start and a stop LSN are the
 * server's own (checked against pg_walfile_name's values for 16 MB segments on timeline 1).
 */
import { describe, expect, it } from 'vitest';
import { isLeftOut, walSegmentNames } from './snapshot';

describe('the base backup', () => {
  it('leaves out what the low-level API docs say to leave out, and keeps the rest', () => {
    for (const rel of ['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'pg_wal/000000010000000000000001', 'pg_wal/archive_status', 'pg_replslot/slot', 'pg_stat_tmp/x', 'pg_subtrans/0000', 'pg_notify/0000', 'base/5/pgsql_tmp', 'base/pgsql_tmp1.0', 'global/pg_internal.init', 'base/5/pg_internal.init']) {
      expect(isLeftOut(rel), rel).toBe(true);
    }
    for (const rel of ['pg_wal', 'pg_replslot', 'pg_stat_tmp', 'PG_VERSION', 'postgresql.conf', 'postgresql.auto.conf', 'base/5/1259', 'global/pg_control', 'pg_xact/0000', 'pg_multixact/offsets/0000', 'base/5/postmaster.pid']) {
      expect(isLeftOut(rel), rel).toBe(false);
    }
  });

  it('names the WAL segments from the start LSN to the stop LSN', () => {
    const mb16 = 16 * 1024 * 1024;
    expect(walSegmentNames('0/2000028', '0/2000120', 1, mb16)).toEqual(['000000010000000000000002']);
    // A stop LSN on a segment boundary ends in the segment before (as pg_walfile_name reads it).
    expect(walSegmentNames('0/2FFFFD8', '0/4000000', 1, mb16)).toEqual(['000000010000000000000002', '000000010000000000000003']);
    // Across a "log id" (every 4 GB): segment 0xFF of log 0 is followed by segment 0 of log 1.
    expect(walSegmentNames('0/FF000028', '1/00000100', 2, mb16)).toEqual(['0000000200000000000000FF', '000000020000000100000000']);
  });
});
