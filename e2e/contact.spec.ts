/**
 * The contact form (spec §1 "a contact page", §5 Email) as a French-speaking visitor uses it on
 * a phone: empty fields are refused in French under each field, a filled-in form is sent and
 * its message lands as an .eml in the e2e product's outbox.
 *
 * The e2e product writes its mail to `.data/e2e/outbox` (e2e/outbox.ts reads it).
 * The message is plain ASCII on short lines so the .eml carries it unencoded (7bit).
 */
import { expect, test } from './test';
import { waitForHydration } from './fresh';
import { emlFiles, mailHead, outboxMails } from './outbox';

test('a visitor writes to the federation in French on a phone', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const run = Date.now().toString(36);
  await page.goto('/ll/fr/contact-us');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  const form = page.getByRole('form', { name: 'Écrivez-nous' });
  const name = form.getByRole('textbox', { name: 'Nom' });
  const email = form.getByRole('textbox', { name: 'Courriel' });
  const message = form.getByRole('textbox', { name: 'Message' });
  const send = form.getByRole('button', { name: 'Envoyer' });
  await expect(name).toBeVisible();

  // Phone first: full-width fields, nothing wider than the screen, the honeypot out of reach.
  const box = await name.boundingBox();
  expect(box!.width).toBeGreaterThan(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expect(form.getByRole('textbox')).toHaveCount(3);

  // Empty: each field says what is missing, in French, and is marked invalid. (A click before
  // React has hydrated the form would be the browser's own submit, which no client check sees.)
  await waitForHydration(page, 'main form');
  await send.click();
  await expect(form.getByText('Veuillez entrer votre nom.')).toBeVisible();
  await expect(form.getByText('Veuillez entrer votre adresse courriel.')).toBeVisible();
  await expect(form.getByText('Veuillez écrire votre message.')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();

  // A malformed address and a short message get their own texts.
  await email.fill('camille@exemple');
  await message.fill('Trop bref');
  await send.click();
  await expect(form.getByText('Le courriel doit être valide')).toBeVisible();
  await expect(form.getByText('Le message doit compter au moins 10 caractères.')).toBeVisible();

  // Filled in: sent, confirmed, the form cleared.
  const before = new Set(emlFiles());
  const text = `Bonjour, quand commence la saison ${run}?`;
  await name.fill('Camille Tremblay');
  await email.fill(`camille.${run}@exemple.ca`);
  await message.fill(text);
  await expect(form.getByText(`${text.length} sur 5000 caractères`)).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: 'Votre message a été envoyé' })).toBeVisible();
  await expect(name).toHaveValue('');
  await expect(email).toHaveValue('');
  await expect(message).toHaveValue('');

  // The message is in the outbox as an .eml, from the visitor, about the visitor.
  let eml = '';
  await expect
    .poll(() => {
      eml = outboxMails(before).find((raw) => raw.includes(text)) ?? '';
      return eml !== '';
    })
    .toBe(true);
  const head = mailHead(eml);
  expect(head).toMatch(/^Subject: Contact form: Camille Tremblay$/m);
  expect(head).toMatch(new RegExp(`^Reply-To: Camille Tremblay <camille\\.${run}@exemple\\.ca>$`, 'm'));
  expect(eml).toContain('Language: fr');
  await page.close();
});

test('a forged X-Forwarded-For does not get round the per-IP limit', async ({ request }) => {
  // The site takes the visitor's address from the connection (TRUSTED_PROXY_HOPS=0): four
  // messages from four invented addresses and four emails are still one visitor.
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await request.post('/ll/api/v1/contact', {
      headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` },
      data: { name: 'Forged Sender', email: `forged${i}.${Date.now()}@example.org`, message: 'Checking that the limit holds.', locale: 'en' },
    });
    statuses.push(res.status());
  }
  // The visitor test above already sent one message from this machine.
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
  expect(statuses.at(-1)).toBe(429);
});
