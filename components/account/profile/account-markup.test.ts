/**
 * The account page as the server renders it (issue 11 "Profiles", "Privacy and security"; issue
 * 22; issue 23: plain HTML, no MUI): the greeting, the unverified-email banner, the table of
 * contents, one h2 section each, the read-only facts, the activity tables, the family link, the
 * security forms, the data download and the closing button with its (closed) native dialog;
 * the password dialog once open (named by its title, described by its text, the password field,
 * Cancel and the red confirming button); the claims. Behaviour is driven by e2e/account.spec.ts
 * and e2e/verify-email.spec.ts. next-intl's `Link` is replaced by a plain anchor (its navigation
 * module needs Next's router) and `getTranslations` by a translator of the English messages.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTranslator, NextIntlClientProvider } from 'next-intl';
import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountActivity, ClaimCandidate, ProfileView } from '@/lib/contracts/account';
import en from '../../../messages/en.json';
import { ChangeEmailForm } from '../security/ChangeEmailForm';
import { ChangePasswordForm } from '../security/ChangePasswordForm';
import { ResendVerificationButton } from '../security/ResendVerificationButton';
import { AccountOverview } from './AccountOverview';
import { ClaimResults } from './ClaimResults';
import { ConfirmPasswordDialog } from './ConfirmPasswordDialog';
import { NoProfile } from './NoProfile';

vi.mock('@/lib/i18n/navigation', () => ({ Link: (props: { href: string }) => h('a', props), useRouter: () => ({ refresh: () => {} }) }));
vi.mock('next-intl/server', () => ({
  getTranslations: async ({ locale, namespace }: { locale: string; namespace: string }) => createTranslator({ locale, messages: en, namespace: namespace as never, timeZone: 'UTC' }),
}));

const providers = (el: ReactElement) => h(NextIntlClientProvider, { locale: 'en', messages: en, timeZone: 'UTC', children: h(QueryClientProvider, { client: new QueryClient(), children: el }) });
const render = (el: ReactElement) => renderToStaticMarkup(providers(el));
/** Renders server components too (async ones). */
const renderAsync = async (el: ReactElement) => new Response((await prerender(providers(el))).prelude).text();

/** The opening tag of the input named `name`. */
const input = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
/** Whether `html` has a `<label for>` reading `text` (its required mark apart) for `control`. */
const labelled = (html: string, control: string, text: string) => {
  const id = /\sid="([^"]+)"/.exec(control)?.[1];
  return !!id && new RegExp(`<label for="${id}"[^>]*>${text}(<span aria-hidden="true"[^>]*>\\*</span>)?</label>`).test(html);
};

const profile: ProfileView = {
  id: 1,
  participantId: 2,
  role: 'participant',
  firstName: 'Robin',
  lastName: 'Essai',
  gender: 'female',
  birthday: '1994-06-03',
  email: 'robin@example.org',
  phone: '514-555-0123',
  address: { updateId: 1, address: '123 Rue Principale', country: 'CA', state: 'QC', city: 'Sherbrooke', zip: 'J1H 1A1', area: null },
  emergencyContact: { firstName: 'Sam', lastName: 'Essai', phone: null, cell: '819-555-0000', email: null },
  licence: null,
};
const activity: AccountActivity = {
  results: [{ raceId: 5, raceName: 'Moto 1', eventId: 2, eventName: 'Spring Cup', date: '2025-05-05', className: '250 Pro', position: null, classPosition: null, state: 'DNF', number: '12' }],
  series: [],
  registrations: [],
} as unknown as AccountActivity;
const record = { participantId: 4, firstName: 'Robin', lastName: 'Essai', city: 'Québec', state: 'QC', events: 2, lastEvent: { name: 'Spring Cup', date: '2025-05-05' } } as unknown as ClaimCandidate;

describe('the account page', () => {
  let html = '';
  beforeAll(async () => {
    html = await renderAsync(
      h(AccountOverview, { locale: 'en', profile, activity, claims: { candidates: [], claimed: [] }, minors: 1, security: { email: profile.email, emailVerified: false } }),
    );
  });

  it('renders no MUI', () => {
    expect(html).not.toMatch(/Mui|css-[a-z0-9]+/);
  });

  it('greets, warns of the unverified email (an alert with its h2) and lists the sections', () => {
    expect(html).toMatch(/<p[^>]*data-testid="account-greeting">Hello Robin!<\/p>/);
    expect(html).toMatch(/<div role="alert" data-testid="email-unverified"[^>]*><div[^>]*><h2[^>]*>Your email is not verified yet<\/h2>/);
    expect(html).toMatch(/<button type="button"[^>]*data-testid="resend-verification"><svg[^>]*>.*?<\/svg>Send the link again<\/button>/);
    expect(html).toMatch(/<nav aria-label="On this page"/);
    for (const id of ['profile', 'results', 'series', 'registrations', 'claims', 'family', 'security', 'data']) {
      expect(html).toContain(`<a href="#${id}"`);
      expect(html).toMatch(new RegExp(`<section id="${id}" aria-labelledby="${id}-title"[^>]*data-testid="account-${id}"><h2 id="${id}-title"`));
    }
    for (const title of ['Profile', 'My results', 'Series points', 'Registrations', 'Claim my results', 'Family', 'Security', 'My data']) {
      expect(html).toMatch(new RegExp(`<h2 id="[a-z]+-title"[^>]*>${title}</h2>`));
    }
  });

  it('shows the read-only facts, the profile form and the activity', () => {
    expect(html).toMatch(/<dd data-testid="profile-name">Robin Essai<\/dd>/);
    expect(html).toMatch(/<dd data-testid="profile-birthday">June 3, 1994<\/dd>/);
    expect(html).toMatch(/<dd data-testid="profile-email">robin@example.org<\/dd>/);
    expect(html).toMatch(/<form[^>]*data-testid="profile-form"/);
    expect(input(html, 'phone')).toContain('value="514-555-0123"');
    expect(input(html, 'address.city')).toContain('value="Sherbrooke"');
    expect(html).toMatch(/<button type="submit"[^>]*><svg[^>]*>.*?<\/svg>Save changes<\/button>/);
    expect(html).toMatch(/<table[^>]*aria-label="My results" data-testid="account-results-table">/);
    expect(html).toMatch(/<a href="\/races\/5">Moto 1<\/a><span class="[^"]+">Spring Cup · May 5, 2025 · 250 Pro<\/span>/);
    expect(html).toMatch(/>DNF<\/td>/);
    expect(html).toMatch(/<p[^>]*data-testid="series-empty">No series points yet/);
    expect(html).toMatch(/<p[^>]*data-testid="claims-empty">/);
  });

  it('links to the family, offers the security forms, the download and the closing (its dialog closed)', () => {
    expect(html).toMatch(/<p[^>]*data-testid="account-family-count">You manage 1 minor\.<\/p>/);
    expect(html).toMatch(/<a href="\/account\/family"[^>]*data-testid="account-family-link"><svg[^>]*>.*?<\/svg>Open the family section<\/a>/);
    expect(html).toMatch(/<span[^>]*data-testid="email-verified-state">Not verified<\/span>/);
    expect(html).toMatch(/<form[^>]*aria-labelledby="security-email-title"[^>]*data-testid="change-email-form"/);
    expect(html).toMatch(/<form[^>]*aria-labelledby="security-password-title"[^>]*data-testid="change-password-form"/);
    expect(html).toMatch(/<a href="\/ll\/api\/v1\/users\/current\/export" download=""[^>]*data-testid="download-data">/);
    expect(html).toMatch(/<button type="button"[^>]*data-testid="close-account"><svg[^>]*>.*?<\/svg>Close my account<\/button>/);
    expect(html).toMatch(/<dialog class="[^"]+" data-testid="close-account-dialog"><\/dialog>/);
  });

  it('tells a login without a profile so, with a link home', async () => {
    const other = await renderAsync(h(NoProfile, { locale: 'en', email: 'promoter@example.org' }));
    expect(other).toMatch(/<div[^>]*data-testid="account-no-profile"><div role="alert"[^>]*><div[^>]*><strong[^>]*>No participant profile<\/strong>You are logged in as promoter@example.org/);
    expect(other).toMatch(/<a href="\/"[^>]*>Back to the home page<\/a>/);
  });
});

describe('the password dialog, once open', () => {
  const html = render(
    h(ConfirmPasswordDialog, {
      open: true,
      onClose: () => {},
      title: 'Close your account?',
      body: h('p', null, 'Gone for good.'),
      confirmLabel: 'Close my account',
      onConfirm: async () => {},
      testId: 'close-account-dialog',
    }),
  );

  it('is a native dialog named by its h2 title and described by its text', () => {
    const labelledBy = /<dialog[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    const describedBy = /<dialog[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toMatch(/<dialog[^>]*data-testid="close-account-dialog">/);
    expect(html).toContain(`<h2 id="${labelledBy}" class="`);
    expect(html).toMatch(new RegExp(`<h2 id="${labelledBy}"[^>]*>Close your account\\?</h2>`));
    expect(html).toMatch(new RegExp(`<div id="${describedBy}"[^>]*><p>Gone for good.</p></div>`));
  });

  it('asks the current password, with Cancel and the confirming button', () => {
    const password = input(html, 'password');
    expect(labelled(html, password, 'Your password')).toBe(true);
    expect(password).toContain('autoComplete="current-password"');
    expect(html).toMatch(/<form noValidate=""/);
    expect(html).toMatch(/<button type="button"[^>]*>Cancel<\/button><button type="submit"[^>]*>Close my account<\/button>/);
    expect(html).not.toContain('role="alert"');
  });

  it('renders nothing inside while closed', () => {
    const closed = render(h(ConfirmPasswordDialog, { open: false, onClose: () => {}, title: 'T', body: 'B', confirmLabel: 'C', onConfirm: async () => {}, testId: 'd' }));
    expect(closed).toMatch(/^<dialog class="[^"]+" data-testid="d"><\/dialog>$/);
  });
});

describe('the claims and the security leaves', () => {
  it('lists the records under the name with "These are mine" and a closed dialog', () => {
    const html = render(h(ClaimResults, { initial: { candidates: [record], claimed: [] } }));
    expect(html).toMatch(/<ul[^>]*aria-label="Racer records under your name"><li[^>]*data-testid="claim-record">/);
    expect(html).toMatch(/<h3[^>]*>Robin Essai<\/h3>/);
    expect(html).toMatch(/<button type="button"[^>]*><svg[^>]*>.*?<\/svg>These are mine<\/button>/);
    expect(html).toMatch(/<dialog class="[^"]+" data-testid="claim-dialog"><\/dialog>/);
  });

  it('changes the email and the password with labelled fields', () => {
    const email = render(h(ChangeEmailForm, { current: 'robin@example.org' }));
    expect(labelled(email, input(email, 'newEmail'), 'New email')).toBe(true);
    expect(input(email, 'password')).toContain('autoComplete="current-password"');
    expect(email).toMatch(/<button type="submit"[^>]*><svg[^>]*>.*?<\/svg>Send the link<\/button>/);
    const password = render(h(ChangePasswordForm));
    for (const name of ['currentPassword', 'newPassword', 'newPasswordConfirmation']) expect(input(password, name)).toContain('type="password"');
    expect(password).toMatch(/<button type="submit"[^>]*><svg[^>]*>.*?<\/svg>Change my password<\/button>/);
  });

  it('offers a new verification link', () => {
    expect(render(h(ResendVerificationButton, { email: 'robin@example.org', variant: 'contained' }))).toMatch(
      /<button type="button" class="[^"]+" data-testid="resend-verification"><svg[^>]*>.*?<\/svg>Send the link again<\/button>/,
    );
  });
});
