/**
 * Selling memberships to people (issue 26; spec §1 register for memberships): what a buyer chooses
 * from, their membership cards with the QR code, and an official's check of a card. The orders
 * and payments themselves are `lib/server/checkout`. This file only re-exports.
 */
export { cardToken, verifyCardToken } from './card-token';
export { checkCard, type CardCheck } from './check-card';
export { getPurchaseOptions, provinceOf, type BuyablePerson, type ClassOption, type PurchaseOptions, type TypeOption } from './get-purchase-options';
export { cardState, listMyMemberships, type CardState, type MembershipCard } from './list-my-memberships';
export { membershipOrderInput } from './membership-order-input';
