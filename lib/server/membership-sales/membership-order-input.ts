/**
 * A membership purchase as the checkout takes it (issue 26; spec §1 register for memberships): the
 * buyer's form (`MembershipPurchaseInput`, lib/contracts/checkout.ts) becomes one membership line
 * of the type's organization, for the review page's quote and for `POST /users/current/orders`.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '../../config';
import type { MembershipPurchaseInput } from '../../contracts/checkout';
import { AppError } from '../../errors';
import type { CreateOrderInput } from '../checkout/server';
import { getDb } from '../db';
import { membershipTypes } from '../db/schema';

/**
 * The order input of `purchase` in `locale`.
 * @throws AppError `invalid_membership_type` for a type that does not exist.
 */
export async function membershipOrderInput(purchase: Omit<MembershipPurchaseInput, 'locale'>, locale: Locale): Promise<CreateOrderInput> {
  const [type] = await getDb().select({ organizationId: membershipTypes.organizationId }).from(membershipTypes).where(eq(membershipTypes.id, purchase.membershipTypeId));
  if (!type) throw new AppError('invalid_membership_type');
  return {
    organizationId: type.organizationId,
    lines: [{ kind: 'membership', membershipTypeId: purchase.membershipTypeId, participantId: purchase.participantId, classId: purchase.classId ?? null }],
    province: purchase.province,
    locale,
    provider: purchase.provider,
    promoCode: purchase.promoCode ?? null,
  };
}
