/**
 * The desk's spectator-ticket settings form (issue 28 "the event sets ticket prices, age bands,
 * daily capacity and whether a selfie is required, in the desk") as the server renders it: every
 * control labelled in the page's language (no message missing in English, French or Spanish), the
 * stored values in their controls (prices in dollars, not cents), each band's remove button naming
 * its band; and the form's own check (the shared contract), each issue on the control it concerns.
 * The save itself is covered by tests/integration/desk-spectators.test.ts.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import fr from '../../messages/fr.json';
import { spectatorSettings } from '@/lib/contracts/spectator-settings';
import { checkSpectatorSettings } from './spectator-schema';
import { toSpectatorFormValues } from './spectator-form-values';
import { SpectatorSettings } from './SpectatorSettings';

const MESSAGES = { en, fr, es } as const;
const render = (locale: keyof typeof MESSAGES, element: ReactElement) => {
  const missing: string[] = [];
  const html = renderToStaticMarkup(
    h(NextIntlClientProvider, { locale, messages: MESSAGES[locale], timeZone: 'UTC', onError: (e: Error) => missing.push(e.message), children: h(QueryClientProvider, { client: new QueryClient(), children: element }) }),
  );
  return { html, missing };
};
const labels = (html: string) => [...html.matchAll(/<label[^>]*>(.*?)<\/label>/g)].map((m) => m[1]!.replace(/<[^>]*>/g, ''));
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(?:<span[^>]*><\/span>)?([^<]*)<\/button>/g)].map((m) => m[1]);

const STORED = spectatorSettings.parse({
  enabled: true,
  bands: [
    { minAge: 6, priceCents: 1050 },
    { minAge: 18, priceCents: 2500 },
  ],
  freeUnderAge: 6,
  dailyCapacity: 800,
  selfie: true,
});

describe('SpectatorSettings', () => {
  it('labels every control in each language, with no message missing', () => {
    for (const locale of ['en', 'fr', 'es'] as const) {
      const { html, missing } = render(locale, h(SpectatorSettings, { eventId: 7, initial: STORED }));
      expect(missing, locale).toEqual([]);
      expect(labels(html).filter((l) => !l.trim())).toEqual([]);
    }
  });

  it('shows the stored values, prices in dollars, and names each band’s remove button (French)', () => {
    const { html } = render('fr', h(SpectatorSettings, { eventId: 7, initial: STORED }));
    expect(html).toContain('value="10.50"');
    expect(html).toContain('value="25.00"');
    expect(html).toContain('value="800"');
    expect(html).toMatch(/name="enabled" checked=""|checked="" name="enabled"/);
    expect(labels(html)).toEqual(expect.arrayContaining(['Tranche 2 : à partir de l’âge', 'Gratuit sous cet âge', 'Billets par jour']));
    expect(buttons(html)).toEqual(['Retirer la tranche 1', 'Retirer la tranche 2', 'Ajouter une tranche de prix', 'Enregistrer les réglages des billets']);
  });
});

describe('the form’s check', () => {
  const values = toSpectatorFormValues(STORED);

  it('turns dollars into cents and blanks into no limit and nobody free', () => {
    expect(checkSpectatorSettings({ ...values, bands: [{ minAge: '0', price: '12,5' }], freeUnderAge: '', dailyCapacity: '' })).toEqual({
      ok: true,
      body: { ...STORED, bands: [{ minAge: 0, priceCents: 1250 }], freeUnderAge: 0, dailyCapacity: null },
    });
  });

  it('puts each issue on its control: bands out of order or twice at one age, a price or an age that is not one', () => {
    const checked = checkSpectatorSettings({
      ...values,
      bands: [
        { minAge: '18', price: '25' },
        { minAge: '12', price: 'ten' },
        { minAge: '18', price: '30' },
      ],
      dailyCapacity: '0',
    });
    expect(checked.ok).toBe(false);
    const errors = (checked as { errors: Record<string, unknown> }).errors as { bands: { minAge?: { message: string }; price?: { message: string } }[]; dailyCapacity: { message: string } };
    expect(errors.bands[1]!.minAge!.message).toBe('invalid_band_order');
    expect(errors.bands[1]!.price!.message).toBe('invalid_band_price');
    expect(errors.bands[2]!.minAge!.message).toBe('invalid_band_duplicate');
    expect(errors.dailyCapacity.message).toBe('invalid_daily_capacity');
  });
});
