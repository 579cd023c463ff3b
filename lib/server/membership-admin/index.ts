/**
 * The federation admin's membership types and promo codes (issue 26: "Types and classes per
 * organization … edited by a federation admin"; "promo codes (percent or amount, dates, usage
 * limits, what they apply to)"). One use case per file; this index only re-exports. Classes are
 * edited on the desk (lib/server/desk/save-class.ts), which admins may use for every organization.
 */
export { assertMembershipAdmin } from './assert-admin';
export { listAdminMembershipTypes, type AdminMembershipType, type AdminOrganizationTypes } from './list-membership-types';
export { createMembershipType, updateMembershipType } from './save-membership-type';
export { deleteMembershipType } from './delete-membership-type';
export { listPromoCodes, promoCodeChoices, type AdminPromoCode, type PromoCodeChoices } from './list-promo-codes';
export { createPromoCode, updatePromoCode } from './save-promo-code';
