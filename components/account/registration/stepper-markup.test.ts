/**
 * The stepper's server-rendered HTML (spec §4 Participant account creation; issue 23: native
 * markup, no MUI): the steps as an ordered list with the open one `aria-current="step"`, the
 * phones' progress bar and "Step 1 of 7 — " heading, the step buttons' states, the review's
 * sections. Rendered with react-dom/server (no DOM here): what a visitor gets before
 * JavaScript runs; the browser paths are e2e/accounts.spec.ts.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import en from '@/messages/en.json';
import { ConfirmationStep } from './ConfirmationStep';
import { ParticipantStepper } from './ParticipantStepper';
import { StepButtons } from './StepForm';
import { emptyDraft } from './steps';

vi.mock('@/lib/i18n/navigation', () => ({ Link: ({ href, ...p }: { href: string }) => h('a', { href: `/ll${href}`, ...p }) }));

const render = (el: ReactElement) =>
  renderToStaticMarkup(
    h(NextIntlClientProvider, { locale: 'en', messages: en, timeZone: 'UTC', children: h(QueryClientProvider, { client: new QueryClient(), children: el }) }),
  );

/** The opening tags of `tag` in `html`. */
const tags = (html: string, tag: string) => html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? [];

describe('ParticipantStepper (first render)', () => {
  const html = render(h(ParticipantStepper));

  it('lists the steps in an ordered list, the open one marked aria-current="step", none done yet', () => {
    expect(html).toContain('<ol aria-label="Account creation steps"');
    const items = tags(html, 'li');
    // Information, Login data, Contact Information, Emergency Contact, Minors, Confirmation, Completed.
    expect(items).toHaveLength(7);
    expect(items[0]).toContain('aria-current="step"');
    expect(items.filter((li) => li.includes('aria-current'))).toHaveLength(1);
    const labels = [...html.matchAll(/<li\b[^>]*>.*?<\/li>/g)].map((m) => m[0].replace(/<[^>]+>/g, ''));
    expect(labels[0]).toBe('1Information');
    expect(labels[4]).toBe('5MinorsOptional');
  });

  it('shows the progress on phones as a named progress bar', () => {
    const bar = tags(html, 'div').find((d) => d.includes('role="progressbar"'));
    expect(bar).toBeDefined();
    expect(bar).toContain('aria-label="Progress"');
    expect(bar).toContain('aria-valuenow="14"');
    expect(bar).toContain('aria-valuetext="Step 1 of 7"');
  });

  it('names the step in a focusable h2 (with "Step 1 of 7 — " for phones) that labels the form', () => {
    const heading = html.match(/<h2 id="([^"]+)" tabindex="-1"[^>]*>(.*?)<\/h2>/);
    expect(heading).not.toBeNull();
    expect(heading![2].replace(/<[^>]+>/g, '')).toBe('Step 1 of 7 — Information');
    // (React writes the attribute as `noValidate`: HTML attribute names are case-insensitive.)
    expect(tags(html, 'form')).toEqual([`<form noValidate="" aria-labelledby="${heading![1]}">`]);
  });

  it('waits for JavaScript: Next is a disabled submit button; the minor box is a native checkbox with its hint', () => {
    const next = tags(html, 'button').find((b) => b.includes('type="submit"'));
    expect(next).toContain('disabled=""');
    expect(html).not.toContain('>Back<');
    const box = tags(html, 'input').find((i) => i.includes('type="checkbox"'));
    expect(box).toContain('name="isRegisterMinor"');
    expect(box).toMatch(/aria-describedby="[^"]+-minor-hint"/);
    expect(html).toContain('I am registering a minor (I am their parent or guardian)</label>');
  });
});

describe('StepButtons', () => {
  const t = ((key: string) => en.accountStepper[key as 'back' | 'skip']) as unknown as Parameters<typeof StepButtons>[0]['t'];

  it('Back, Skip (outlined beside Next) and Next; all working once ready', () => {
    const html = render(h(StepButtons, { nav: { ready: true, onBack: () => {}, onSkip: () => {}, nextLabel: 'Next' }, t }));
    const buttons = tags(html, 'button');
    expect(buttons).toHaveLength(3);
    expect(buttons.every((b) => !b.includes('disabled'))).toBe(true);
    expect(html.replace(/<svg.*?<\/svg>/g, '').match(/<button[^>]*>(.*?)<\/button>/g)!.map((b) => b.replace(/<[^>]+>/g, ''))).toEqual(['Back', 'Skip', 'Next']);
  });

  it('busy: every button waits and Next shows a spinner instead of its arrow', () => {
    const html = render(h(StepButtons, { nav: { ready: true, busy: true, onBack: () => {}, nextLabel: 'Creating the account…' }, t }));
    expect(tags(html, 'button').every((b) => b.includes('disabled=""'))).toBe(true);
    expect(html).toMatch(/Creating the account…<span class="[^"]*" aria-hidden="true"><\/span><\/button>/);
  });
});

describe('ConfirmationStep', () => {
  it('a section per step headed by an h3, with an Edit button named after it; the values as a description list', () => {
    const draft = emptyDraft();
    draft.login.email = 'Camille@Example.org';
    const html = render(
      h(ConfirmationStep, { draft, steps: ['information', 'login', 'minors'], onEdit: () => {}, nav: { ready: true, nextLabel: 'Create Account' }, onCreate: () => {}, failure: 'Failed to register. Please try again.' }),
    );
    expect(tags(html, 'section')).toHaveLength(3);
    expect(html).toContain('<h3 class=');
    expect(html).toContain('aria-label="Edit Login data"');
    expect(html).toContain('<dd>camille@example.org</dd>');
    expect(html).toContain('No minor added yet.');
    expect(tags(html, 'div').some((d) => d.includes('role="alert"'))).toBe(true);
  });
});
