/**
 * Confirming a typed licence (issue 29: a licence typed in a profile counts for matching only once
 * an official confirmed it), as an official does it on a phone at 390 px, in French: from their
 * account page to /desk/licences, a search for the rider, "Confirmer" once the card was seen; the
 * row then reads confirmed, and the racer record carries the confirmation.
 */
import { withDb } from './db';
import fr from '../messages/fr.json';
import { expect, test } from './test';

const PASSWORD = 'Official2026ok';
const tag = () => (Date.now().toString(36) + Math.random().toString(36).slice(2, 6)).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

test.use({ viewport: { width: 390, height: 844 } });

test('un officiel confirme une licence saisie, vue sur la carte du pilote', async ({ page }) => {
  const run = tag();
  const t = fr.desk.licences;
  const email = `official.${run}@example.org`;
  // An official's login: opened as a spectator account (no racer profile), then made an official.
  const event = await withDb(async (db) => (await db.query<{ id: number; start_date: string }>(`select id, start_date::text from events where (spectator_settings->>'enabled')::boolean and is_public and not is_cancelled and start_date > current_date order by start_date limit 1`)).rows[0]!);
  await page.goto('/ll/fr');
  const created = await page.request.post('/ll/api/v1/registration/spectator', {
    headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' },
    data: { submissionId: crypto.randomUUID(), eventId: event.id, day: event.start_date, locale: 'fr', buyer: { firstName: 'Odile', lastName: `Officielle${run}`, gender: 'female', birthday: '1975-02-02', email }, password: PASSWORD, passwordConfirmation: PASSWORD },
  });
  expect(created.status(), await created.text()).toBe(201);
  const participantId = await withDb(async (db) => {
    await db.query(`update users set role = 'official', email_verified = true where email = $1`, [email]);
    return (await db.query<{ id: number }>(`insert into participants (first_name, last_name, city, state, licence) values ('Zoé', $1, 'Rimouski', 'QC', $2) returning id`, [`Licence${run}`, `QC-${run}`])).rows[0]!.id;
  });
  // The role counts at the next request: log in again.
  const login = await page.request.post('/ll/api/v1/auth/login', { headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' }, data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);

  await page.goto('/ll/fr/account');
  await page.getByRole('link', { name: fr.account.noProfile.licences }).click();
  await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
  await page.getByLabel(t.search).fill(run);
  await page.getByRole('button', { name: t.find }).click();
  const row = page.getByRole('row').filter({ hasText: `Licence${run}` });
  await expect(row).toContainText(`QC-${run}`);
  await row.getByRole('button', { name: t.confirmFor.replace('{name}', `Zoé Licence${run}`).replace('{licence}', `QC-${run}`) }).click();
  await expect(row).toContainText(t.confirmed.replace(' {date}', ''));
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const confirmedBy = await withDb(async (db) => (await db.query<{ by: string | null }>(`select licence_confirmed_by as by from participants where id = $1`, [participantId])).rows[0]!.by);
  expect(confirmedBy).not.toBeNull();
});
