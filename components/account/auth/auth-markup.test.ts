/**
 * The login, forgot-password and reset-password pieces as the server renders them (spec §2
 * "Login, forgot password, reset password"; issue 23: native controls): the card's heading
 * naming the form, the labelled fields with their autocomplete tokens, the links and buttons by
 * their texts, the token message as an alert. Behaviour is driven by e2e/auth.spec.ts.
 * next-intl's `Link` is replaced by a plain anchor (its navigation module needs Next's router).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../messages/en.json';
import { AuthCard } from './AuthCard';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoggedInPanel } from './LoggedInPanel';
import { LoginForm } from './LoginForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { ResetTokenMessage } from './ResetTokenMessage';

vi.mock('@/lib/i18n/navigation', () => ({ Link: (props: { href: string }) => h('a', props) }));

const render = (el: ReactElement) =>
  renderToStaticMarkup(h(NextIntlClientProvider, { locale: 'en', messages: en, timeZone: 'UTC', children: h(QueryClientProvider, { client: new QueryClient(), children: el }) }));

/** The opening tag of the input named `name`. */
const input = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
/** Whether `html` has a `<label for>` reading `text` (its required mark apart) for `control`. */
const labelled = (html: string, control: string, text: string) => {
  const id = /\sid="([^"]+)"/.exec(control)?.[1];
  return !!id && new RegExp(`<label for="${id}"[^>]*>${text}(<span aria-hidden="true"[^>]*>\\*</span>)?</label>`).test(html);
};

describe('the login page', () => {
  const html = render(h(AuthCard, { heading: 'Log in to your account', headingId: 'login-heading', intro: 'Welcome', children: h(LoginForm, { next: '/faqs', labelledBy: 'login-heading' }) }));

  it('names the form by the card heading (h2) and posts without JavaScript', () => {
    expect(html).toContain('<h2 id="login-heading"');
    expect(html).toMatch(/<form[^>]*aria-labelledby="login-heading"/);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<p class="[^"]+">Welcome<\/p>/);
  });

  it('labels the email and the password with their autocomplete tokens and a show button', () => {
    const email = input(html, 'email');
    const password = input(html, 'password');
    expect(labelled(html, email, 'Email')).toBe(true);
    expect(labelled(html, password, 'Password')).toBe(true);
    expect(email).toContain('autoComplete="email"');
    expect(email).toContain('type="email"');
    expect(password).toContain('autoComplete="current-password"');
    expect(password).toContain('type="password"');
    expect(html).toMatch(/<button type="button"[^>]*aria-label="Show password" aria-pressed="false"/);
  });

  it('links to the forgotten password and to account creation, and submits with "Log in"', () => {
    expect(html).toMatch(/<a href="\/forgotPassword"[^>]*>Forgot your password\?<\/a>/);
    expect(html).toMatch(/<a href="\/registration\/participant"[^>]*>Create an account<\/a>/);
    expect(html).toMatch(/<button type="submit"[^>]*><svg[^>]*aria-hidden="true"[^>]*>.*?<\/svg>Log in<\/button>/);
    expect(html).not.toContain('role="alert"');
  });

  it('tells a logged-in visitor who they are, with the account link and the logout button', () => {
    const panel = render(h(LoggedInPanel, { name: '', email: 'robin@example.org' }));
    expect(panel).toMatch(/<p role="status"[^>]*>You are logged in as robin@example.org \(robin@example.org\)\.<\/p>/);
    expect(panel).toMatch(/<a href="\/account"[^>]*>Go to my account<\/a>/);
    expect(panel).toMatch(/<button type="button"[^>]*>.*Log out<\/button>/);
  });
});

describe('the forgot and reset password pages', () => {
  it('asks for the email and links back to the login', () => {
    const html = render(h(ForgotPasswordForm, { labelledBy: 'forgot-heading' }));
    expect(html).toMatch(/<form[^>]*aria-labelledby="forgot-heading"/);
    expect(labelled(html, input(html, 'email'), 'Email')).toBe(true);
    expect(html).toMatch(/<button type="submit"[^>]*>.*Send the link<\/button>/);
    expect(html).toMatch(/<a href="\/login"[^>]*>Back to login<\/a>/);
  });

  it('asks for the new password (its rules as its hint) and its confirmation', () => {
    const html = render(h(ResetPasswordForm, { token: 't'.repeat(43), labelledBy: 'reset-heading' }));
    const password = input(html, 'password');
    const confirmation = input(html, 'passwordConfirmation');
    expect(password).toContain('autoComplete="new-password"');
    expect(confirmation).toContain('autoComplete="new-password"');
    const hint = /aria-describedby="([^"]+)"/.exec(password)?.[1];
    expect(html).toMatch(new RegExp(`<p id="${hint}"[^>]*>8 to 255 characters`));
    expect(html).toMatch(/<button type="submit"[^>]*>.*Save the new password<\/button>/);
  });

  it('says why a link cannot be used, as an alert, with a link to ask for a new one', () => {
    const html = render(h(ResetTokenMessage, { state: 'used_token' }));
    expect(html).toMatch(/<div role="alert"[^>]*data-token-state="used_token"><div[^>]*>This reset your password link has already been used<\/div><\/div>/);
    expect(html).toMatch(/<a href="\/forgotPassword"[^>]*>Ask for a new link<\/a>/);
  });
});
