/**
 * The federation admin's membership types and promo codes (issue 26 "Types and classes per
 * organization (name, price, validity season or one event, age limits, family type, description
 * per language), edited by a federation admin"; "promo codes (percent or amount, dates, usage
 * limits, what they apply to)"; spec §2 /membership/type, §3 Transaction). One schema per form,
 * shared by the admin's forms (checked before the call) and the API routes
 * (/ll/api/v1/admin/…, lib/server/api/routes/membership-admin.ts). Imports nothing from the server.
 *
 * Amounts are typed as people type them ("150", "150.00", "150,00", "$150", "1 250,50 $") and
 * leave the schema in whole cents; a percent ("15", "12,5") leaves it in basis points (1500,
 * 1250), as lib/server/checkout/promo.ts stores it. Issues carry codes, never English:
 * `null_<field>` (missing), `invalid_<field>` (malformed), and for amounts
 * `invalid_<field>_negative`, `invalid_<field>_max`, `invalid_<field>_decimals` (more than two
 * decimals: "1.234" is refused, never read as 1234); `invalid_max_age` when the oldest age is
 * under the youngest; `invalid_valid_to` when a promo ends before it starts; `invalid_event_id`
 * when a promo names both an organization and an event.
 */
import { z } from 'zod';

/** Lengths and bounds the forms and the API accept. */
export const MEMBERSHIP_ADMIN_LIMITS = {
  name: 100,
  description: 2000,
  /** 100 000 dollars, in cents. */
  maxCents: 100_000_00,
  age: 99,
  sortOrder: 9999,
  codeMin: 3,
  codeMax: 32,
  /** Percent discounts in basis points: 1 % … 100 %. */
  minBasisPoints: 100,
  maxBasisPoints: 10_000,
  uses: 1_000_000,
} as const;

/** How long a membership of a type lasts (lib/server/db/schema.ts membership_types.validity): to 31 December, or one event. */
export const MEMBERSHIP_VALIDITIES = ['season', 'event'] as const;
export type MembershipValidity = (typeof MEMBERSHIP_VALIDITIES)[number];

/** What a promo code takes money off: the same list as lib/server/checkout/kinds.ts PURCHASE_KINDS (a test keeps them equal). */
export const PROMO_APPLIES_TO = ['membership', 'entry', 'ticket'] as const;
export type PromoAppliesTo = (typeof PROMO_APPLIES_TO)[number];

/** A promo code's kinds (lib/server/checkout/records.ts PROMO_KINDS). */
export const PROMO_CODE_KINDS = ['percent', 'amount'] as const;
export type PromoCodeKind = (typeof PROMO_CODE_KINDS)[number];

/** Letters, digits and dashes, 3 to 32. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;

/** No control characters but line breaks and tabs (PostgreSQL text cannot hold NUL). */
const NO_CONTROLS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
/** A one-line text: no control characters at all. */
const ONE_LINE = /^[^\u0000-\u001F\u007F]*$/;

/** Why a typed amount is refused. */
export type AmountRefusal = 'blank' | 'format' | 'negative' | 'decimals';

/**
 * A decimal number as typed, in hundredths: "150" → 15000, "150.5" → 15050, "150,00" → 15000,
 * "$150" / "150 $" / "1 250,50" → as read (spaces, no-break spaces and a dollar sign ignored);
 * "-5" → `negative`; "1.234" or "1,234" → `decimals` (never read as thousands: too easy to get
 * a hundred times wrong); anything else → `format`; blank → `blank`.
 */
export function parseHundredths(typed: string | number): { ok: true; value: number } | { ok: false; refusal: AmountRefusal } {
  const text = String(typed).replace(/[\s\u00A0\u202F$]/g, '');
  if (text === '') return { ok: false, refusal: 'blank' };
  const m = /^([-+]?)(\d+)(?:[.,](\d*))?$/.exec(text) ?? /^([-+]?)()[.,](\d+)$/.exec(text);
  if (!m) return { ok: false, refusal: 'format' };
  const [, sign, whole, decimals = ''] = m;
  if (decimals.length > 2) return { ok: false, refusal: 'decimals' };
  if (whole!.length > 12) return { ok: false, refusal: 'format' };
  const value = Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (sign === '-' && value > 0) return { ok: false, refusal: 'negative' };
  return { ok: true, value };
}

/** Cents as a form writes them back: 15000 → "150.00" ("150,00" in French). */
export function centsText(cents: number, locale = 'en'): string {
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return locale === 'fr' ? text.replace('.', ',') : text;
}

/** Basis points as a form writes them back: 1500 → "15", 1250 → "12.5" ("12,5" in French). */
export function percentText(basisPoints: number, locale = 'en'): string {
  const text = String(basisPoints / 100);
  return locale === 'fr' ? text.replace('.', ',') : text;
}

const issue = (ctx: z.RefinementCtx, message: string) => ctx.addIssue({ code: 'custom', message });

/** A required one-line text: `null_<field>` when blank, `invalid_<field>` when too long or holding control characters. */
function requiredLine(field: string, max: number) {
  return z
    .string({ error: (i) => (i.input == null ? `null_${field}` : `invalid_${field}`) })
    .trim()
    .min(1, `null_${field}`)
    .max(max, `invalid_${field}`)
    .regex(ONE_LINE, `invalid_${field}`);
}

/** An optional text (blank or absent: null); `multiline` allows line breaks. */
function optionalText(field: string, max: number, multiline = false) {
  return z
    .string({ error: `invalid_${field}` })
    .trim()
    .max(max, `invalid_${field}`)
    .regex(multiline ? NO_CONTROLS : ONE_LINE, `invalid_${field}`)
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * An amount typed in dollars (or a number of dollars) → whole cents, 0 … 100 000 dollars.
 * Codes: `null_<field>`, `invalid_<field>`, `invalid_<field>_negative`, `invalid_<field>_decimals`,
 * `invalid_<field>_max`.
 */
export function dollarsField(field: string) {
  return z.union([z.string(), z.number()], { error: (i) => (i.input == null ? `null_${field}` : `invalid_${field}`) }).transform((typed, ctx) => {
    const parsed = parseHundredths(typed);
    if (!parsed.ok) {
      issue(ctx, parsed.refusal === 'blank' ? `null_${field}` : parsed.refusal === 'format' ? `invalid_${field}` : `invalid_${field}_${parsed.refusal}`);
      return z.NEVER;
    }
    if (parsed.value > MEMBERSHIP_ADMIN_LIMITS.maxCents) {
      issue(ctx, `invalid_${field}_max`);
      return z.NEVER;
    }
    return parsed.value;
  });
}

/** A whole number in `min … max`, typed ("12") or sent as a number; blank or absent: null (or `fallback`). Code `invalid_<field>`. */
function wholeField(field: string, min: number, max: number) {
  return z
    .union([z.string(), z.number()], { error: `invalid_${field}` })
    .nullish()
    .transform((typed, ctx): number | null => {
      if (typed == null || (typeof typed === 'string' && typed.trim() === '')) return null;
      const n = typeof typed === 'number' ? typed : /^\s*\d{1,9}\s*$/.test(typed) ? Number(typed) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        issue(ctx, `invalid_${field}`);
        return z.NEVER;
      }
      return n;
    });
}

/** An id (a whole number ≥ 1) or null. */
const optionalId = (field: string) => wholeField(field, 1, 2_147_483_647);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when `value` is a real calendar day written YYYY-MM-DD. */
function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const day = new Date(Date.UTC(y!, m! - 1, d!));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m! - 1 && day.getUTCDate() === d;
}

/** An optional day, YYYY-MM-DD (blank or absent: null). */
const optionalDay = (field: string) =>
  z
    .string({ error: `invalid_${field}` })
    .trim()
    .refine((v) => v === '' || isIsoDate(v), `invalid_${field}`)
    .nullish()
    .transform((v) => (v ? v : null));

/** True when the body is an object and none of its issues is on one of `fields` (a cross-field check then has values to compare). */
function fieldsPassed(payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }, fields: readonly string[]): boolean {
  return typeof payload.value === 'object' && payload.value !== null && !payload.issues.some((i) => !i.path?.length || fields.includes(String(i.path[0])));
}

/** A promo's value as typed, checked for its kind: a percent 1 … 100, an amount 0.01 … 100 000 dollars. */
function checkValue(kind: PromoCodeKind, typed: string | number, ctx: z.RefinementCtx): void {
  const add = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
  const parsed = parseHundredths(typed);
  if (!parsed.ok) return add(parsed.refusal === 'blank' ? 'null_value' : parsed.refusal === 'format' ? 'invalid_value' : `invalid_value_${parsed.refusal}`);
  if (kind === 'percent' && (parsed.value < MEMBERSHIP_ADMIN_LIMITS.minBasisPoints || parsed.value > MEMBERSHIP_ADMIN_LIMITS.maxBasisPoints)) return add('invalid_value_percent');
  if (kind === 'amount' && parsed.value < 1) return add('invalid_value');
  if (kind === 'amount' && parsed.value > MEMBERSHIP_ADMIN_LIMITS.maxCents) return add('invalid_value_max');
}

/** A membership type of an organization, as the admin's form writes it. */
export const membershipTypeInput = z
  .object({
    name: requiredLine('name', MEMBERSHIP_ADMIN_LIMITS.name),
    /** Its name in French and Spanish (the public pages show `name` where absent). */
    nameFr: optionalText('name_fr', MEMBERSHIP_ADMIN_LIMITS.name),
    nameEs: optionalText('name_es', MEMBERSHIP_ADMIN_LIMITS.name),
    /** Plain text (line breaks kept). */
    description: optionalText('description', MEMBERSHIP_ADMIN_LIMITS.description, true),
    descriptionFr: optionalText('description_fr', MEMBERSHIP_ADMIN_LIMITS.description, true),
    descriptionEs: optionalText('description_es', MEMBERSHIP_ADMIN_LIMITS.description, true),
    /** The price in dollars as typed ("150,00"); leaves the schema as `priceCents`. */
    price: dollarsField('price'),
    validity: z.enum(MEMBERSHIP_VALIDITIES, { error: 'invalid_validity' }),
    /** Ages in years, inclusive (0 … 99); blank: no limit. A family type's apply to the guardian. */
    minAge: wholeField('min_age', 0, MEMBERSHIP_ADMIN_LIMITS.age),
    maxAge: wholeField('max_age', 0, MEMBERSHIP_ADMIN_LIMITS.age),
    /** Bought once by a guardian, it makes the guardian and each of their minors members. */
    family: z.boolean({ error: 'invalid_family' }).default(false),
    /** Where it shows in the organization's list (smallest first); blank: 0. */
    sortOrder: wholeField('sort_order', 0, MEMBERSHIP_ADMIN_LIMITS.sortOrder).transform((v) => v ?? 0),
  })
  .superRefine(
    (t, ctx) => {
      if (t.minAge != null && t.maxAge != null && t.maxAge < t.minAge) ctx.addIssue({ code: 'custom', path: ['maxAge'], message: 'invalid_max_age' });
    },
    // Checked even when another field failed (the form shows every fault at once), unless an age itself did.
    { when: (payload) => fieldsPassed(payload, ['minAge', 'maxAge']) },
  )
  .transform(({ price, ...rest }) => ({ ...rest, priceCents: price }));
/** What the form sends (`price` as typed, ages and sort order as typed or as numbers). */
export type MembershipTypeForm = z.input<typeof membershipTypeInput>;
/** What the domain receives (`priceCents`). */
export type MembershipTypeInput = z.output<typeof membershipTypeInput>;

/** A promo code, as the admin's form writes it. */
export const promoCodeInput = z
  .object({
    /** Letters, digits and dashes, 3 to 32, stored as typed; unique whatever its case. */
    code: z
      .string({ error: (i) => (i.input == null ? 'null_code' : 'invalid_code') })
      .trim()
      .min(1, 'null_code')
      .regex(PROMO_CODE_PATTERN, 'invalid_code'),
    kind: z.enum(PROMO_CODE_KINDS, { error: 'invalid_kind' }),
    /** A percent ("15", "12,5": 1 to 100) or an amount in dollars ("5", "5,00"), as typed; leaves the schema in basis points or cents. */
    value: z.union([z.string(), z.number()], { error: (i) => (i.input == null ? 'null_value' : 'invalid_value') }),
    /** First and last day it may be used (inclusive, the federation's days); blank: from now, never ends. */
    validFrom: optionalDay('valid_from'),
    validTo: optionalDay('valid_to'),
    /** How many orders may use it in all, and per buyer; blank: no limit. */
    maxUses: wholeField('max_uses', 0, MEMBERSHIP_ADMIN_LIMITS.uses),
    maxUsesPerBuyer: wholeField('max_uses_per_buyer', 0, MEMBERSHIP_ADMIN_LIMITS.uses),
    /** At least one of PROMO_APPLIES_TO, each once. */
    appliesTo: z
      .array(z.enum(PROMO_APPLIES_TO, { error: 'invalid_applies_to' }), { error: 'invalid_applies_to' })
      .min(1, 'null_applies_to')
      .refine((list) => new Set(list).size === list.length, 'invalid_applies_to'),
    /** Only for purchases from this organization, or for this event (not both); blank: any. */
    organizationId: optionalId('organization_id'),
    eventId: optionalId('event_id'),
  })
  .superRefine(
    (p, ctx) => {
      checkValue(p.kind, p.value, ctx);
    },
    { when: (payload) => fieldsPassed(payload, ['kind', 'value']) },
  )
  .superRefine(
    (p, ctx) => {
      if (p.validFrom && p.validTo && p.validTo < p.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'invalid_valid_to' });
    },
    { when: (payload) => fieldsPassed(payload, ['validFrom', 'validTo']) },
  )
  .superRefine(
    (p, ctx) => {
      if (p.organizationId != null && p.eventId != null) ctx.addIssue({ code: 'custom', path: ['eventId'], message: 'invalid_event_id' });
    },
    { when: (payload) => fieldsPassed(payload, ['organizationId', 'eventId']) },
  )
  .transform((p) => {
    const parsed = parseHundredths(p.value);
    return { ...p, value: parsed.ok ? parsed.value : 0 };
  });
/** What the form sends (`value` as typed). */
export type PromoCodeForm = z.input<typeof promoCodeInput>;
/** What the domain receives (`value` in basis points for a percent, in cents for an amount). */
export type PromoCodeInput = z.output<typeof promoCodeInput>;

/** One field's fault, as the API's 400 reply and the forms carry it. */
export interface MembershipAdminIssue {
  path: (string | number)[];
  code: string;
}

/**
 * The field issues of a failed check, one per field (the first): the contract's codes; a message
 * that is not one (zod's own text) becomes `invalid_<field>`.
 */
export function membershipAdminIssues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): MembershipAdminIssue[] {
  const seen = new Set<string>();
  const out: MembershipAdminIssue[] = [];
  for (const i of error.issues) {
    const path = i.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const field = String(path[0] ?? 'request');
    if (seen.has(field)) continue;
    seen.add(field);
    const code = /^(null|invalid)_[a-z_]+$/.test(i.message) ? i.message : `invalid_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
    out.push({ path: path.slice(0, 1), code });
  }
  return out;
}

/** A membership type as the admin's list and form show it (lib/server/membership-admin). */
export interface AdminMembershipType {
  id: number;
  organizationId: number;
  name: string;
  nameFr: string | null;
  nameEs: string | null;
  description: string | null;
  descriptionFr: string | null;
  descriptionEs: string | null;
  /** Price in cents (CAD). */
  priceCents: number;
  validity: MembershipValidity;
  /** Ages in years, inclusive; null: no limit. */
  minAge: number | null;
  maxAge: number | null;
  family: boolean;
  sortOrder: number;
  /** Memberships and order lines of this type (either > 0: it cannot be deleted). */
  memberships: number;
  orderLines: number;
}

/** A promo code as the admin's list and form show it (lib/server/membership-admin). */
export interface AdminPromoCode {
  id: number;
  code: string;
  kind: PromoCodeKind;
  /** Basis points (percent) or cents (amount), as lib/server/checkout/promo.ts. */
  value: number;
  /** First and last day (YYYY-MM-DD, the federation's days, inclusive); null: open. */
  validFrom: string | null;
  validTo: string | null;
  maxUses: number | null;
  maxUsesPerBuyer: number | null;
  appliesTo: PromoAppliesTo[];
  organizationId: number | null;
  organizationName: string | null;
  eventId: number | null;
  eventName: string | null;
  /** Orders using it now (paid, free, or still held). */
  usesSoFar: number;
  /** Orders that ever named it (any state): one or more and its kind and value are fixed. */
  orders: number;
}
