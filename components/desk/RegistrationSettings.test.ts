/**
 * The desk's online-registration settings and the classes' early and late fees as the server
 * renders them (issue 27 "Fees by date (early, regular, late fee after the deadline), set by the
 * promoter in the desk"): every control labelled in the page's language (no message missing in
 * English, French or Spanish), the stored values in their controls (dollars, not cents), each
 * row's remove button naming its row, the window the fee dates must fit. The saves themselves
 * are covered by tests/integration/desk-registration.test.ts and desk-classes.test.ts.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import fr from '../../messages/fr.json';
import { registrationSettings } from '@/lib/contracts/registration-settings';
import { EventClasses } from './EventClasses';
import { RegistrationSettings } from './RegistrationSettings';

vi.mock('@/lib/i18n/navigation', () => ({ useRouter: () => ({ refresh: () => {}, push: () => {} }), Link: ({ children }: { children: unknown }) => children }));

const MESSAGES = { en, fr, es } as const;
const render = (locale: keyof typeof MESSAGES, element: ReactElement) => {
  const missing: string[] = [];
  const html = renderToStaticMarkup(
    h(NextIntlClientProvider, { locale, messages: MESSAGES[locale], timeZone: 'UTC', onError: (e: Error) => missing.push(e.message), children: h(QueryClientProvider, { client: new QueryClient(), children: element }) }),
  );
  return { html, missing };
};
/** Each `<label>`'s text (its control's markup left out). */
const labels = (html: string) => [...html.matchAll(/<label[^>]*>(.*?)<\/label>/g)].map((m) => m[1]!.replace(/<[^>]*>/g, ''));
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(?:<span[^>]*><\/span>)?([^<]*)<\/button>/g)].map((m) => m[1]);

const STORED = registrationSettings.parse({
  earlyUntil: '2027-04-30',
  refundPolicy: [
    { until: '2027-05-01', percent: 100 },
    { until: '2027-05-20', percent: 50 },
  ],
  transponderRentalCents: 2550,
  questions: [{ id: 'bike', label: { en: 'Bike brand', fr: 'Marque' }, required: true }],
});
const settings = () => h(RegistrationSettings, { eventId: 7, initial: STORED, window: { opensOn: '2027-04-01', closesOn: '2027-06-01' }, windowText: 'WINDOW' });

describe('RegistrationSettings', () => {
  it('labels every control in each language, with no message missing', () => {
    for (const locale of ['en', 'fr', 'es'] as const) {
      const { html, missing } = render(locale, settings());
      expect(missing, locale).toEqual([]);
      expect(html).toContain('WINDOW');
      expect(labels(html).filter((l) => !l.trim())).toEqual([]);
    }
  });

  it('shows the stored values in dollars, and names each row’s remove button (French)', () => {
    const { html } = render('fr', settings());
    expect(html).toContain('value="2027-04-30"');
    expect(html).toContain('value="25.50"');
    expect(html).toContain('value="Marque"');
    expect(html).toMatch(/name="questions\.0\.required" checked=""|checked="" name="questions\.0\.required"/);
    expect(labels(html)).toEqual(expect.arrayContaining(['Tarif hâtif jusqu’au', 'Étape 2 : annulé jusqu’au', 'Question 1 en espagnol']));
    expect(buttons(html)).toEqual(['Retirer l’étape 1', 'Retirer l’étape 2', 'Ajouter une étape de remboursement', 'Retirer la question 1', 'Ajouter une question', 'Enregistrer les paramètres d’inscription']);
  });
});

describe('EventClasses', () => {
  it('shows each class’s early and late fees in dollars, empty when none', () => {
    for (const locale of ['en', 'fr', 'es'] as const) {
      const { html, missing } = render(
        locale,
        h(EventClasses, {
          eventId: 7,
          classes: [
            { classId: 1, name: 'Open', feeCents: 6500, earlyFeeCents: 5500, lateFeeCents: null, capacity: 40, registrations: 0 },
          ],
          options: [{ id: 1, name: 'Open' }],
        }),
      );
      expect(missing, locale).toEqual([]);
      expect(html).toContain('value="55.00"');
      if (locale === 'fr') expect(html).toMatch(/Tarif hâtif \(\$\).*Tarif tardif \(\$\)/);
    }
  });
});
