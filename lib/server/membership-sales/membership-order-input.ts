/**
 * A membership purchase as the checkout takes it (issue 26; spec §1 register for memberships): the
 * buyer's form (`MembershipPurchaseInput`, lib/contracts/checkout.ts) becomes one membership line
 * of the type's organization, for the review page's quote and for `POST /users/current/orders`.
 * Only a public organization's types are sold (as `getPurchaseOptions` offers them): a hidden
 * organization's type is refused like an unknown one.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../config';
import type { MembershipPurchaseInput } from '../../contracts/checkout';
import { AppError } from '../../errors';
import type { CreateOrderInput } from '../checkout/server';
import { getDb } from '../db';
import { membershipTypes, organizations } from '../db/schema';
import { organizationShown } from '../policy/visibility';

/**
 * The order input of `purchase` in `locale`.
 * @throws AppError `invalid_membership_type` for a type that does not exist or whose organization is hidden.
 */
export async function membershipOrderInput(purchase: Omit<MembershipPurchaseInput, 'locale'>, locale: Locale): Promise<CreateOrderInput> {
  const [type] = await getDb()
    .select({ organizationId: membershipTypes.organizationId })
    .from(membershipTypes)
    .innerJoin(organizations, eq(organizations.id, membershipTypes.organizationId))
    .where(and(eq(membershipTypes.id, purchase.membershipTypeId), organizationShown()));
  if (!type) throw new AppError('invalid_membership_type');
  return {
    organizationId: type.organizationId,
    lines: [{ kind: 'membership', membershipTypeId: purchase.membershipTypeId, participantId: purchase.participantId, classId: purchase.classId ?? null }],
    province: purchase.province,
    locale,
    provider: purchase.provider,
    promoCode: purchase.promoCode ?? null,
    submissionId: purchase.submissionId ?? null,
  };
}
