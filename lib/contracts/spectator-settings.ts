/**
 * What a promoter sets for an event's spectator tickets (issue 28 "the event sets ticket prices,
 * age bands, daily capacity and whether a selfie is required, in the desk"; spec §4 Spectator
 * registration, §5 Spectator): one contract the desk's form, its route, the
 * `events.spectator_settings` column and the ticket pricing share. Issues carry codes. Imports
 * nothing from the server.
 */
import { z } from 'zod';

/** Whole cents, 0 … $10,000. */
const cents = (code: string) => z.number({ error: code }).int(code).min(0, code).max(1_000_000, code);
/** An age in whole years, 0 … 120. */
const age = (code: string) => z.number({ error: code }).int(code).min(0, code).max(120, code);

/** One age band and its price: spectators aged `minAge` and up (on the day of the event) pay `priceCents`, until the next band's `minAge`. */
export const spectatorBand = z.object({
  minAge: age('invalid_band_age'),
  priceCents: cents('invalid_band_price'),
});
export type SpectatorBand = z.infer<typeof spectatorBand>;

export const spectatorSettings = z.object({
  /** The event sells spectator tickets online (`/spectator/{eventId}`). */
  enabled: z.boolean().default(false),
  /** Prices by age on the day, in order of `minAge` (the first band starting at `freeUnderAge` or 0). */
  bands: z.array(spectatorBand).max(6, 'invalid_bands').default([{ minAge: 0, priceCents: 2000 }]),
  /** Children younger than this get in free (a ticket at $0, with their waiver); 0: nobody is free. */
  freeUnderAge: age('invalid_free_under_age').default(6),
  /** Most tickets sold for one event day (paid, reserved at the gate, and held during checkout); null: no limit. */
  dailyCapacity: z.number({ error: 'invalid_daily_capacity' }).int('invalid_daily_capacity').min(1, 'invalid_daily_capacity').max(100_000, 'invalid_daily_capacity').nullable().default(null),
  /** Every signatory takes a selfie before signing. */
  selfie: z.boolean().default(false),
  /** Buyers may pay at the gate (their tickets are reserved, unpaid, until then). */
  payAtGate: z.boolean().default(true),
});
export type SpectatorSettings = z.infer<typeof spectatorSettings>;

/** The settings of an event that never set any (tickets off). */
export const DEFAULT_SPECTATOR_SETTINGS: SpectatorSettings = spectatorSettings.parse({});

/** The ticket price in cents of a spectator aged `age` on the event's day under `settings`: free below `freeUnderAge`, else the last band whose `minAge` ≤ age (0 when none applies). */
export function ticketPriceCents(settings: Pick<SpectatorSettings, 'bands' | 'freeUnderAge'>, age: number): number {
  if (age < settings.freeUnderAge) return 0;
  let price = 0;
  for (const band of [...settings.bands].sort((a, b) => a.minAge - b.minAge)) if (band.minAge <= age) price = band.priceCents;
  return price;
}

/**
 * The settings as the desk saves them (PUT /ll/api/v1/desk/events/{id}/spectator-settings, issue
 * 28): `spectatorSettings` plus the rules between its fields, each issue at its field's path:
 * - `invalid_band_order` at `bands.{i}.minAge` when a band's age is below the one before (bands go
 *   up by age);
 * - `invalid_band_duplicate` at `bands.{i}.minAge` when two bands start at the same age;
 * - `null_bands` at `bands` when tickets are on sale with no price band at all.
 */
export const deskSpectatorSettingsInput = spectatorSettings.superRefine((s, ctx) => {
  if (s.enabled && s.bands.length === 0) ctx.addIssue({ code: 'custom', path: ['bands'], message: 'null_bands' });
  const seen = new Set<number>();
  s.bands.forEach((band, i) => {
    const before = s.bands[i - 1];
    if (seen.has(band.minAge)) ctx.addIssue({ code: 'custom', path: ['bands', i, 'minAge'], message: 'invalid_band_duplicate' });
    else if (before && band.minAge < before.minAge) ctx.addIssue({ code: 'custom', path: ['bands', i, 'minAge'], message: 'invalid_band_order' });
    seen.add(band.minAge);
  });
});
export type DeskSpectatorSettingsInput = z.input<typeof deskSpectatorSettingsInput>;
