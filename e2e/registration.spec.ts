/**
 * Event registration with a signed waiver (issue 27), as a parent uses it on a phone, in French at
 * 390 px with Chromium's fake camera (--use-fake-device-for-media-stream): from the event's
 * registration tab, the parent enters their minor in two classes, reads the waiver in French,
 * takes the selfie the event asks for, draws the signature, signs, reviews and registers paying at
 * the gate; the order page gives the reference; the signed waiver's PDF arrives by email; the
 * public registration tab lists the rider. Accounts are created through the API and their email
 * marked verified in the database (the verification itself: e2e/verify-email.spec.ts).
 */
import { withDb } from './db';
import { decodeWords, mailHead, outboxMails } from './outbox';
import { expect, test, type Page } from './test';

const PASSWORD = 'Racing2026ok';
const tag = () => (Date.now().toString(36) + Math.random().toString(36).slice(2, 6)).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

// The fake camera's flags are the config's (playwright.config.ts); the page may use it.
test.use({ viewport: { width: 390, height: 844 }, permissions: ['camera'] });

/** An open event in the future with two classes a 12-year-old may ride; its settings ask for a selfie and allow paying at the gate. */
async function openEvent() {
  return withDb(async (db) => {
    const { rows } = await db.query<{ id: number; classes: number[] }>(`
      select e.id, array_agg(ec.class_id order by ec.sort_order, ec.class_id) as classes
      from events e join event_classes ec on ec.event_id = e.id join classes c on c.id = ec.class_id
      where e.is_public and e.registration_open and not e.is_cancelled and e.start_date > current_date + 20
        and coalesce(e.registration_closes_on, e.start_date) > current_date + 5
        and (e.registration_opens_on is null or e.registration_opens_on <= current_date)
        and (c.min_age is null or c.min_age <= 12) and (c.max_age is null or c.max_age >= 13)
        and (ec.capacity is null or ec.capacity > 5)
      group by e.id having count(*) >= 2 order by e.start_date, e.id limit 1`);
    const event = rows[0]!;
    await db.query(`update events set registration_settings = registration_settings || '{"payAtGate": true, "waiverSelfie": true}'::jsonb where id = $1`, [event.id]);
    return { id: event.id, classes: event.classes.slice(0, 2) };
  });
}

/** A verified parent with one 12-year-old, logged in in `page`'s context. */
async function parent(page: Page) {
  const run = tag();
  const lastName = `Essai${run}`;
  const email = `parent.${run}@example.org`;
  const year = new Date().getFullYear();
  const res = await page.request.post('/ll/api/v1/registration/participant', {
    headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' },
    data: {
      submissionId: crypto.randomUUID(),
      locale: 'fr',
      information: { firstName: 'Gabrielle', lastName, gender: 'female', birthday: { year: 1984, month: 6, day: 3 }, phone: '5145550123', isRegisterMinor: false },
      login: { email, emailConfirmation: email, password: PASSWORD, passwordConfirmation: PASSWORD },
      address: { address: '123 Rue Principale', country: 'CA', state: 'QC', city: 'Sherbrooke', zip: 'J1H 1A1' },
      emergencyContact: { firstName: 'Sam', lastName, cell: '8195550000' },
      children: [{ firstName: 'Léo', lastName, gender: 'male', birthday: { year: year - 12, month: 1, day: 4 }, relationship: 'mother' }],
      acknowledgeDuplicate: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await withDb((db) => db.query('update users set email_verified = true where email = $1', [email]));
  return { email, lastName, minor: `Léo ${lastName}` };
}

test('un parent inscrit son enfant à deux classes, signe la renonciation avec un égoportrait et paie à l’entrée', async ({ page }) => {
  test.setTimeout(120_000);
  const event = await openEvent();
  await page.goto(`/ll/fr/events/${event.id}?tab=registration`);
  const who = await parent(page);

  // The registration tab's button, then the entry: the minor, two classes, a transponder, at the gate.
  await page.getByRole('link', { name: 'S’inscrire en ligne' }).click();
  await expect(page).toHaveURL(new RegExp(`/ll/fr/events/${event.id}/register$`));
  await page.getByRole('radio', { name: new RegExp(who.minor) }).check();
  for (const id of event.classes) await page.locator(`input[name=class][value="${id}"]`).check();
  // A child with no member number yet chooses a race number.
  await page.getByLabel('Numéro de course').fill('212');
  await page.getByLabel('Le numéro de votre transpondeur').fill('123456');
  await page.getByRole('radio', { name: /À l’entrée/ }).check();
  await page.getByRole('button', { name: 'Continuer vers la renonciation' }).click();

  // The waiver in French; the selfie, the three boxes and the drawn signature.
  await expect(page.getByRole('heading', { name: /Renonciation/ })).toBeVisible();
  await expect(page.getByText(new RegExp(`pour ${who.minor}`))).toBeVisible();
  await page.getByRole('button', { name: 'Ouvrir la caméra' }).click();
  await page.getByRole('button', { name: 'Prendre la photo' }).click();
  await expect(page.getByRole('img', { name: 'Votre photo' })).toBeVisible();
  await page.getByRole('checkbox', { name: /électroniquement/ }).check();
  await page.getByRole('checkbox', { name: /J’accepte les conditions/ }).check();
  await page.getByRole('checkbox', { name: /Je certifie/ }).check();
  await page.getByRole('button', { name: 'Signer ici' }).click();
  const pad = page.locator('canvas');
  await expect(pad).toBeVisible();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) await page.mouse.move(box.x + 20 + i * 12, box.y + box.height / 2 + Math.sin(i / 2) * 40);
  await page.mouse.up();
  await page.getByTestId('waiver-submit').click();

  // The review, then registering at the gate.
  await expect(page).toHaveURL(/step=review&waiver=[0-9a-f-]{36}/);
  await expect(page.getByText('Signée')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'M’inscrire et payer à l’entrée' }).click();
  await expect(page).toHaveURL(/\/ll\/fr\/account\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Pas encore payée' })).toBeVisible();

  // The signed waiver's PDF by email, in French.
  await expect
    .poll(() => outboxMails().some((raw) => decodeWords(mailHead(raw)).includes(who.email) && /Votre renonciation signée/.test(decodeWords(mailHead(raw))) && /application\/pdf/.test(raw)), { timeout: 20_000 })
    .toBe(true);

  // The public registration tab lists the rider in both classes.
  await page.goto(`/ll/fr/events/${event.id}?tab=registration`);
  await expect(page.getByRole('row').filter({ hasText: who.lastName })).toHaveCount(2);
});
