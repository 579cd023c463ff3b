/**
 * The desk's spectator-ticket settings form as plain values (issue 28 "the event sets ticket
 * prices, age bands, daily capacity and whether a selfie is required, in the desk"): what each
 * control holds (prices in dollars as typed, ages and capacity as typed), read from and written
 * back to the contract's body (lib/contracts/spectator-settings.ts `deskSpectatorSettingsInput`,
 * prices in cents). No zod here: the form's first load stays light; the check runs in
 * ./spectator-schema.ts.
 */
import { feeCentsOf, feeText } from '@/lib/contracts/desk-classes';
import type { DeskSpectatorSettingsInput, SpectatorSettings } from '@/lib/contracts/spectator-settings';

/** The most price bands the contract takes. */
export const SPECTATOR_FORM_LIMITS = { bands: 6 } as const;

export interface BandRowValues {
  /** Whole years as typed. */
  minAge: string;
  /** Dollars as typed. */
  price: string;
}

export interface SpectatorFormValues {
  enabled: boolean;
  bands: BandRowValues[];
  /** Whole years as typed; '' : nobody is free (0). */
  freeUnderAge: string;
  /** Tickets per event day as typed; '' : no limit. */
  dailyCapacity: string;
  selfie: boolean;
  payAtGate: boolean;
}

/** The stored settings as the form's values. */
export function toSpectatorFormValues(s: SpectatorSettings): SpectatorFormValues {
  return {
    enabled: s.enabled,
    bands: s.bands.map((b) => ({ minAge: String(b.minAge), price: feeText(b.priceCents) })),
    freeUnderAge: s.freeUnderAge === 0 ? '' : String(s.freeUnderAge),
    dailyCapacity: s.dailyCapacity === null ? '' : String(s.dailyCapacity),
    selfie: s.selfie,
    payAtGate: s.payAtGate,
  };
}

/** A whole number as typed, else NaN (which the contract refuses with the field's code). */
const wholeOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The form's values as the contract's body: blanks as 0 (free under age) or null (capacity); a price that is not an amount as -1 (refused on its field). */
export function toSpectatorBody(v: SpectatorFormValues): DeskSpectatorSettingsInput {
  return {
    enabled: v.enabled,
    bands: v.bands.map((b) => ({ minAge: wholeOf(b.minAge), priceCents: feeCentsOf(b.price) ?? -1 })),
    freeUnderAge: v.freeUnderAge.trim() === '' ? 0 : wholeOf(v.freeUnderAge),
    dailyCapacity: v.dailyCapacity.trim() === '' ? null : wholeOf(v.dailyCapacity),
    selfie: v.selfie,
    payAtGate: v.payAtGate,
  };
}

/** The form control an issue of the contract (or of the server) is shown under: `bands.1.priceCents` → `bands.1.price`, `bands.1.minAge` as is, the list's own issue on the list. */
export function spectatorFieldOfIssue(path: readonly (string | number)[]): string {
  const [head, index, field] = path;
  if (head === 'bands' && typeof index === 'number') return `bands.${index}.${field === 'priceCents' ? 'price' : 'minAge'}`;
  return String(head ?? 'root');
}
