/**
 * The family section as the server renders it (spec §6 "A parent or guardian manages minors'
 * accounts from the family section"; issue 11; issue 23: plain HTML, no MUI): the list's h2, one
 * card per minor (its h3, age and facts; Edit, Download data and Close account named after the
 * minor), the empty state with "Add a minor", the closed native dialogs; the add dialog once
 * open, named by its title, with the minor's fields (`children.0.*`) and Cancel / Add. Behaviour
 * is driven by e2e/account.spec.ts and e2e/accounts.spec.ts. next-intl's `Link` is replaced by a
 * plain anchor (its navigation module needs Next's router).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { MinorView } from '@/lib/contracts/account';
import en from '../../../messages/en.json';
import { FamilyList } from './FamilyList';
import { MinorDialog } from './MinorDialog';

vi.mock('@/lib/i18n/navigation', () => ({ Link: (props: { href: string }) => h('a', props) }));

const render = (el: ReactElement) =>
  renderToStaticMarkup(h(NextIntlClientProvider, { locale: 'en', messages: en, timeZone: 'UTC', children: h(QueryClientProvider, { client: new QueryClient(), children: el }) }));

const alex: MinorView = { id: 3, participantId: 9, firstName: 'Alex', lastName: 'Essai', gender: 'male', birthday: '2016-02-14', relationship: 'mother', email: null, phone: '514-555-0456' };

describe('the family section', () => {
  it('shows one card per minor with its actions named after them, and renders no MUI', () => {
    const html = render(h(FamilyList, { initial: [alex], holderEmail: 'robin@example.org', today: '2026-03-01' }));
    expect(html).not.toMatch(/Mui|css-[a-z0-9]+/);
    expect(html).toMatch(/<section aria-labelledby="family-list-title"><h2 id="family-list-title"[^>]*>Minor you manage \(1\)<\/h2>/);
    expect(html).toMatch(/<button type="button"[^>]*data-testid="add-minor"><svg[^>]*>.*?<\/svg>Add a minor<\/button>/);
    expect(html).toMatch(/<ul[^>]*aria-label="Minors" data-testid="minors"><li[^>]*data-testid="minor-card">/);
    expect(html).toMatch(/<h3[^>]*>Alex Essai<\/h3><p[^>]*>10 years old<\/p>/);
    expect(html).toMatch(/<dt>Relationship<\/dt><dd>Mother<\/dd><dt>Phone<\/dt><dd>514-555-0456<\/dd>/);
    expect(html).toMatch(/<button type="button"[^>]*aria-label="Edit Alex Essai">/);
    expect(html).toMatch(/<a href="\/ll\/api\/v1\/users\/current\/minors\/3\/export" download=""[^>]*aria-label="Download data of Alex Essai">/);
    expect(html).toMatch(/<button type="button"[^>]*aria-label="Close account of Alex Essai">/);
    expect(html).toMatch(/<dialog class="[^"]+" data-testid="minor-dialog"><\/dialog>/);
    expect(html).toMatch(/<dialog class="[^"]+" data-testid="close-minor-dialog"><\/dialog>/);
  });

  it('says when there is nobody yet, with "Add a minor"', () => {
    const html = render(h(FamilyList, { initial: [], holderEmail: 'robin@example.org', today: '2026-03-01' }));
    expect(html).toMatch(/<div[^>]*data-testid="family-empty"><p>You do not manage any minor yet\.<\/p><button type="button"[^>]*data-testid="add-minor">/);
  });
});

describe('the add dialog, once open', () => {
  const html = render(h(MinorDialog, { editing: { minor: null }, holderEmail: 'robin@example.org', onClose: () => {}, onSaved: () => {} }));

  it('is a native dialog named by its h2 title, holding the form', () => {
    const labelledBy = /<dialog[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(html).toMatch(/<dialog[^>]*data-testid="minor-dialog">/);
    expect(html).toMatch(new RegExp(`<form noValidate="" aria-labelledby="${labelledBy}" data-testid="minor-form"[^>]*><h2 id="${labelledBy}"[^>]*>Add a minor</h2>`));
  });

  it("asks the minor's fields and offers Cancel and Add", () => {
    for (const name of ['children.0.firstName', 'children.0.lastName', 'children.0.email', 'children.0.phone']) expect(html).toMatch(new RegExp(`<input[^>]*name="${name}"`));
    for (const name of ['children.0.birthday.year', 'children.0.birthday.month', 'children.0.birthday.day', 'children.0.relationship']) expect(html).toMatch(new RegExp(`<select[^>]*name="${name}"`));
    expect(html).toMatch(/<input type="radio"[^>]*name="children.0.gender" value="male"\/>Male<\/label>/);
    expect(html).toMatch(/<button type="button"[^>]*>Cancel<\/button><button type="submit"[^>]*>Add<\/button>/);
  });
});
