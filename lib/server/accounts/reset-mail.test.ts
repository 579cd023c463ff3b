/** The password-reset email (reset-mail.ts): its link per language, its texts, the escaped HTML. */
import { describe, expect, it } from 'vitest';
import { resetLink, resetMail } from './reset-mail';

const token = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0_-x';

describe('resetLink', () => {
  it('points at /resetPassword under the base path, with the language prefix when not English', () => {
    expect(resetLink(token, 'en', 'https://fmqr.example')).toBe(`https://fmqr.example/ll/resetPassword?token=${token}`);
    expect(resetLink(token, 'fr', 'https://fmqr.example')).toBe(`https://fmqr.example/ll/fr/resetPassword?token=${token}`);
    expect(resetLink(token, 'es', 'https://fmqr.example')).toBe(`https://fmqr.example/ll/es/resetPassword?token=${token}`);
  });
});

describe('resetMail', () => {
  it('is in English for en: subject, greeting, link, one hour, once', async () => {
    const mail = await resetMail({ to: 'ann@example.com', name: 'Ann Rider', token, locale: 'en', origin: 'https://fmqr.example' });
    expect(mail.to).toEqual({ name: 'Ann Rider', address: 'ann@example.com' });
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Hello Ann Rider,');
    expect(mail.text).toContain(`https://fmqr.example/ll/resetPassword?token=${token}\n`);
    expect(mail.text).toContain('This link is valid for one hour and can be used only once.');
    expect(mail.html).toContain(`<a href="https://fmqr.example/ll/resetPassword?token=${token}">Choose a new password</a>`);
  });

  it('is in French for fr and in Spanish for es', async () => {
    const fr = await resetMail({ to: 'zoe@example.com', name: 'Zoé', token, locale: 'fr', origin: 'https://fmqr.example' });
    expect(fr.subject).toBe('Réinitialisation de votre mot de passe');
    expect(fr.text).toContain('Bonjour Zoé,');
    expect(fr.text).toContain('/ll/fr/resetPassword?token=');
    expect(fr.text).toContain('valide pendant une heure');
    expect(fr.html).toContain('<html lang="fr">');
    const es = await resetMail({ to: 'ana@example.com', name: 'Ana', token, locale: 'es', origin: 'https://fmqr.example' });
    expect(es.subject).toBe('Restablecer su contraseña');
    expect(es.text).toContain('Hola Ana:');
    expect(es.text).toContain('válido durante una hora');
  });

  it('escapes the name in the HTML and falls back to the bare address without a name', async () => {
    const mail = await resetMail({ to: 'x@example.com', name: '<b>X & Y</b>', token, locale: 'en', origin: 'https://fmqr.example' });
    expect(mail.html).toContain('Hello &lt;b&gt;X &amp; Y&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>X');
    const bare = await resetMail({ to: 'x@example.com', name: ' ', token, locale: 'en', origin: 'https://fmqr.example' });
    expect(bare.to).toBe('x@example.com');
    expect(bare.text).toContain('Hello x@example.com,');
  });
});
