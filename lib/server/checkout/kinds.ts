/**
 * What one order can sell (issue 26; spec §3 Transaction: one order for entries, memberships and
 * tickets). One list, many uses: the future pgEnum, the zod enum and the type come from it.
 * Pure module: no `import 'server-only'`, so scripts and unit tests load it as is.
 */

/** A membership (the racing licence), an event entry, a spectator ticket. */
export const PURCHASE_KINDS = ['membership', 'entry', 'ticket'] as const;

export type PurchaseKind = (typeof PURCHASE_KINDS)[number];
