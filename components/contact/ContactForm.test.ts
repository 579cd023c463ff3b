/**
 * The contact form's markup as the server renders it (spec §1 contact page; issue 23: native
 * controls): the form named by its heading, three labelled required textboxes marked valid,
 * the email's hint, the message counter, the honeypot hidden from people and assistive
 * technology, and the captcha block only with a site key. Behaviour is driven by
 * e2e/contact.spec.ts and e2e/directory.spec.ts.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import fr from '../../messages/fr.json';
import { ContactForm, type ContactFormProps } from './ContactForm';

vi.mock('next/script', () => ({ default: () => null }));

const render = (props: ContactFormProps) =>
  renderToStaticMarkup(h(NextIntlClientProvider, { locale: 'fr', messages: fr, timeZone: 'UTC', children: h(QueryClientProvider, { client: new QueryClient(), children: h(ContactForm, props) }) }));

/** The opening tag of the element whose `attr` is `value`. */
const tagWith = (html: string, attr: string, value: string) => new RegExp(`<[a-z0-9]+[^>]*\\s${attr}="${value}"[^>]*>`).exec(html)?.[0] ?? '';

describe('ContactForm', () => {
  const html = render({ captchaSiteKey: null });

  it('is a form named by its heading', () => {
    const labelledBy = /<form[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(tagWith(html, 'id', labelledBy!)).toMatch(/^<h2/);
    expect(html).toContain('>Écrivez-nous</h2>');
    expect(html).toMatch(/<form[^>]*noValidate=""/);
  });

  it('labels each field, marks it required and valid, and describes the email and the message', () => {
    for (const [name, label] of [
      ['name', 'Nom'],
      ['email', 'Courriel'],
      ['message', 'Message'],
    ]) {
      const control = new RegExp(`<(input|textarea)[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
      const id = /\sid="([^"]+)"/.exec(control)?.[1];
      expect(id, name).toBeTruthy();
      expect(html, name).toContain(`<label for="${id}" class="`);
      expect(html, name).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}<span aria-hidden="true"`));
      expect(control, name).toContain('aria-required="true"');
      expect(control, name).toContain('aria-invalid="false"');
      expect(control, name).toContain('required=""');
    }
    const email = tagWith(html, 'name', 'email');
    expect(email).toContain('type="email"');
    expect(email).toContain('autoComplete="email"');
    const hint = /aria-describedby="([^"]+)"/.exec(email)?.[1];
    expect(tagWith(html, 'id', hint!)).toBeTruthy();
    expect(html).toContain('Nous vous répondrons à cette adresse.');
    expect(tagWith(html, 'name', 'message')).toMatch(/aria-describedby="[^"]+-helper"/);
    expect(html).toContain('0 sur 5000 caractères');
  });

  it('hides the honeypot from people and assistive technology', () => {
    expect(html).toMatch(/<div aria-hidden="true" class="[^"]+"><label for="[^"]+-website">[^<]+<\/label><input[^>]*tabindex="-1"[^>]*name="website"/);
  });

  it('has one send button, and the captcha only with a site key', () => {
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toMatch(/<button type="submit"[^>]*>.*Envoyer<\/button>/);
    expect(html).not.toContain('robot');
    const withKey = render({ captchaSiteKey: 'site-key' });
    expect(withKey).toMatch(/<p id="([^"]+)-captcha"[^>]*>[^<]*robot[^<]*<\/p><div aria-describedby="\1-captcha"><\/div>/);
  });

  it('takes the title an organization page gives', () => {
    expect(render({ captchaSiteKey: null, organizationId: 3, title: 'Écrire à la ligue' })).toContain('>Écrire à la ligue</h2>');
  });
});
