/**
 * Classes and entry fees on the promoter's desk (issue 24 "Classes of the organization: name,
 * class group, ages, fee, entry limit, per organization (two organizations may each have
 * 'Open')"; spec §7 registration/loadClasses): an organization's class, and the classes an event
 * offers with their fee (cents) and entry limit. One schema for the desk's forms, the API and the
 * domain. Imports nothing from the server.
 *
 * Issue codes as in ./desk.ts: `null_<field>`, `invalid_<field>`; `invalid_max_age` when the
 * oldest age is under the youngest; `invalid_classes` when an event lists a class twice.
 */
import { z } from 'zod';
import { optionalText, requiredText } from './desk';
import { idField } from './ids';

/** Lengths and bounds the desk accepts. */
export const CLASS_LIMITS = { name: 60, group: 60, description: 500, age: 99, feeCents: 1_000_000_00, capacity: 10_000, eventClasses: 100 } as const;

const age = (field: 'min_age' | 'max_age') =>
  z
    .number({ error: `invalid_${field}` })
    .int({ error: `invalid_${field}` })
    .min(0, { error: `invalid_${field}` })
    .max(CLASS_LIMITS.age, { error: `invalid_${field}` })
    .nullable();

/** A class of an organization. */
export const deskClassInput = z
  .object({
    name: requiredText('name', CLASS_LIMITS.name),
    /** Its class group by name (created in the organization when new); null: none. */
    classGroup: optionalText('class_group', CLASS_LIMITS.group),
    /** Who may ride it (displacement, licence level). */
    description: optionalText('description', CLASS_LIMITS.description),
    /** The same in French and Spanish (issue 25; the public pages show the English one where absent). */
    descriptionFr: optionalText('description_fr', CLASS_LIMITS.description),
    descriptionEs: optionalText('description_es', CLASS_LIMITS.description),
    /** Ages in years on race day, inclusive; null: no limit. */
    minAge: age('min_age'),
    maxAge: age('max_age'),
  })
  .superRefine((c, ctx) => {
    if (c.minAge !== null && c.maxAge !== null && c.maxAge < c.minAge) ctx.addIssue({ code: 'custom', path: ['maxAge'], message: 'invalid_max_age' });
  });
export type DeskClassInput = z.infer<typeof deskClassInput>;

/** A fee in whole cents (0 … CLASS_LIMITS.feeCents); issues carry `code`. */
const feeCents = (code: string) => z.number({ error: code }).int({ error: code }).min(0, { error: code }).max(CLASS_LIMITS.feeCents, { error: code });

/**
 * One class an event offers: its fee in cents (CAD) and its entry limit (null: none); its early
 * and late fees (issue 27 "Fees by date (early, regular, late fee after the deadline)"), in cents,
 * null (or absent) when the class has none: the regular fee then applies in that period too (the
 * periods are the event's registration settings, lib/contracts/registration-settings.ts).
 */
export const deskEventClass = z.object({
  classId: idField('class'),
  feeCents: feeCents('invalid_fee'),
  earlyFeeCents: feeCents('invalid_early_fee').nullable().default(null),
  lateFeeCents: feeCents('invalid_late_fee').nullable().default(null),
  capacity: z.number({ error: 'invalid_capacity' }).int({ error: 'invalid_capacity' }).min(1, { error: 'invalid_capacity' }).max(CLASS_LIMITS.capacity, { error: 'invalid_capacity' }).nullable(),
});
export type DeskEventClass = z.infer<typeof deskEventClass>;

/** The classes an event offers, in the order shown to riders. */
export const deskEventClassesInput = z.object({
  classes: z
    .array(deskEventClass, { error: 'invalid_classes' })
    .max(CLASS_LIMITS.eventClasses, 'invalid_classes')
    .refine((list) => new Set(list.map((c) => c.classId)).size === list.length, 'invalid_classes'),
});
export type DeskEventClassesInput = z.infer<typeof deskEventClassesInput>;

/**
 * A fee typed in dollars (`45`, `45.5`, `45,50`, `$45.00`) in cents; null when it is not an
 * amount (the form then shows `invalid_fee`). Cents are never rounded: `45.555` is refused.
 */
export function feeCentsOf(text: string): number | null {
  const m = /^\s*\$?\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*\$?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Cents as the form writes them: `4550` → `45.50`. */
export const feeText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
