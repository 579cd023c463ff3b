/** The contact email's fields: recipient, Reply-To the visitor, subject, escaped HTML. */
import { describe, expect, it } from 'vitest';
import { contactMail } from './contact-mail';

describe('contactMail', () => {
  const mail = contactMail(
    { id: 3, name: 'Zoé <Z>', email: 'zoe@example.ca', message: 'a < b & "c"\nnext', locale: 'fr', ip: '192.0.2.1', createdAt: new Date('2026-05-01T12:00:00Z') },
    'office@example.org',
  );

  it('goes to the recipient, answers to the visitor, names them in the subject', () => {
    expect(mail).toMatchObject({ to: 'office@example.org', replyTo: { name: 'Zoé <Z>', address: 'zoe@example.ca' }, subject: 'Contact form: Zoé <Z>' });
    expect(mail.headers).toEqual({ 'X-Contact-Message-Id': '3' });
  });

  it('keeps the text as written and escapes everything in the HTML', () => {
    expect(mail.text).toBe('Name: Zoé <Z>\nEmail: zoe@example.ca\nLanguage: fr\nIP: 192.0.2.1\nReceived: 2026-05-01T12:00:00.000Z\n\na < b & "c"\nnext\n');
    expect(mail.html).toContain('<strong>Name:</strong> Zoé &lt;Z&gt;');
    expect(mail.html).toContain('a &lt; b &amp; &quot;c&quot;\nnext');
    expect(mail.html).not.toContain('<Z>');
  });

  it('names the organization written to in the subject and the fields', () => {
    const org = contactMail(
      { id: 4, name: 'Ann', email: 'ann@example.ca', message: 'Hello there, club!', locale: 'en', ip: 'unknown', createdAt: new Date('2026-05-01T12:00:00Z') },
      'club@example.org',
      { id: 7, name: 'Ligue <Est>' },
    );
    expect(org).toMatchObject({ to: 'club@example.org', subject: 'Contact form (Ligue <Est>): Ann' });
    expect(org.text.split('\n')[0]).toBe('Organization: Ligue <Est> (#7)');
    expect(org.html).toContain('<strong>Organization:</strong> Ligue &lt;Est&gt; (#7)');
  });
});
