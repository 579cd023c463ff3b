/**
 * Who may use the federation admin's membership types and promo codes (issue 26: "edited by a
 * federation admin"; policy action `memberships.edit`). Asked by every use case of this module
 * (and by its routes before they read a body): not logged in → `unauthenticated` (401); logged in
 * without the right → `forbidden` (403): an admin tool, not a record to hide, so the policy's
 * `decide` tells the two apart.
 */
import 'server-only';
import { AppError } from '../../errors';
import { decide, type Principal, type Viewer } from '../policy';

/**
 * The viewer, when allowed `memberships.edit`.
 * @throws AppError `unauthenticated`; `forbidden` (another role); `email_not_verified`.
 */
export function assertMembershipAdmin(viewer: Viewer): Principal {
  switch (decide(viewer, 'memberships.edit', null)) {
    case 'allowed':
      return viewer!;
    case 'login':
      throw new AppError('unauthenticated');
    case 'unverified':
      throw new AppError('email_not_verified');
    default:
      throw new AppError('forbidden');
  }
}
