/**
 * What the licence use cases share (issue 29; ./list-licences.ts, ./confirm-licence.ts): the row
 * the list shows, and who may (policy `licences.confirm`: officials and admins).
 */
import 'server-only';
import { AppError } from '../../errors';
import { assertAllowed, type Viewer } from '../policy';

/** A racer record with a typed licence, as the list shows it. */
export interface LicenceRow {
  participantId: number;
  firstName: string;
  lastName: string;
  city: string | null;
  state: string | null;
  /** The licence as the rider typed it. */
  licence: string;
  /** When it was confirmed (ISO 8601), or null. */
  confirmedAt: string | null;
}

/** @throws AppError `unauthenticated`; `not_found` for anyone but an official or an admin. */
export function assertMayConfirm(viewer: Viewer): void {
  if (viewer === null) throw new AppError('unauthenticated');
  assertAllowed(viewer, 'licences.confirm', null);
}
