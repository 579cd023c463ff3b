/** The account mails of issue 22 (account-mails.ts): the verification link per language, the change-of-email link and notice, the escaped HTML. */
import { describe, expect, it } from 'vitest';
import { accountMail, verifyLink } from './account-mails';

const token = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFubkBleGFtcGxlLmNvbSJ9.c2lnbmF0dXJl_-x';
const origin = 'https://fmqr.example';

describe('verifyLink', () => {
  it('points at /verify-email under the base path, with the language prefix when not English', () => {
    expect(verifyLink(token, 'en', origin)).toBe(`${origin}/ll/verify-email?token=${token}`);
    expect(verifyLink(token, 'fr', origin)).toBe(`${origin}/ll/fr/verify-email?token=${token}`);
    expect(verifyLink(token, 'es', origin)).toBe(`${origin}/ll/es/verify-email?token=${token}`);
  });
});

describe('accountMail', () => {
  it('verify: the link, valid 24 hours, in the visitor’s language', async () => {
    const en = await accountMail({ kind: 'verify', to: 'ann@example.com', name: 'Ann Rider', token, locale: 'en', origin });
    expect(en.to).toEqual({ name: 'Ann Rider', address: 'ann@example.com' });
    expect(en.subject).toBe('Confirm your email address');
    expect(en.text).toContain('Hello Ann Rider,');
    expect(en.text).toContain(`${origin}/ll/verify-email?token=${token}\n`);
    expect(en.text).toContain('This link is valid for 24 hours.');
    expect(en.html).toContain(`<a href="${origin}/ll/verify-email?token=${token}">Confirm my email address</a>`);
    const fr = await accountMail({ kind: 'verify', to: 'zoe@example.com', name: 'Zoé', token, locale: 'fr', origin });
    expect(fr.subject).toBe('Confirmez votre adresse courriel');
    expect(fr.text).toContain('/ll/fr/verify-email?token=');
    const es = await accountMail({ kind: 'verify', to: 'eva@example.com', name: 'Eva', token, locale: 'es', origin });
    expect(es.subject).toBe('Confirme su dirección de correo electrónico');
  });

  it('changeEmail names the new address and links to it; changeNotice names it and has no link', async () => {
    const link = await accountMail({ kind: 'changeEmail', to: 'new@example.net', name: 'Ann', token, locale: 'en', newEmail: 'new@example.net', origin });
    expect(link.subject).toBe('Confirm your new email address');
    expect(link.text).toContain('(new@example.net)');
    expect(link.text).toContain(`/ll/verify-email?token=${token}`);
    const notice = await accountMail({ kind: 'changeNotice', to: 'old@example.com', name: 'Ann', locale: 'fr', newEmail: 'new@example.net', origin });
    expect(notice.subject).toBe('Une modification de votre adresse courriel a été demandée');
    expect(notice.text).toContain('new@example.net');
    expect(notice.text).not.toContain('verify-email');
    expect(notice.html).not.toContain('<a ');
  });

  it('escapes the name in the HTML', async () => {
    const mail = await accountMail({ kind: 'verify', to: 'x@example.com', name: '<b>Bo</b> & Co', token, locale: 'en', origin });
    expect(mail.html).toContain('Hello &lt;b&gt;Bo&lt;/b&gt; &amp; Co,');
    expect(mail.html).not.toContain('<b>Bo</b>');
  });
});
