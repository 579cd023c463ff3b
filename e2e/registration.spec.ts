/**
 * Event registration with a signed waiver and sign-on (issue 27), as a parent and the promoter's
 * official use them on phones, in English and in French at 390 px with Chromium's fake camera
 * (--use-fake-device-for-media-stream): from the event's registration tab, the parent enters their
 * minor in two classes, reads the waiver in the page's language, takes the selfie the event asks
 * for, draws the signature, signs, reviews and registers paying at the gate; the order page gives
 * the reference; the signed waiver's PDF arrives by email; the public registration tab lists the
 * rider. Then the official's sign-on screen shows the rider not ready until the gate payment, and
 * green after it: in French while connected; in English with no connection at all (the page
 * reopened from the service worker's copy, the payment and the presence kept on the device), sent
 * once when the connection comes back. Accounts are created through the API and their email
 * marked verified in the database (the verification itself: e2e/verify-email.spec.ts).
 */
import fs from 'node:fs';
import type { Browser } from '@playwright/test';
import { keepForOffline } from './offline';
import { withDb } from './db';
import { signWaiver } from './waiver';
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
async function parent(page: Page, locale: Lang) {
  const run = tag();
  const lastName = `Essai${run}`;
  const email = `parent.${run}@example.org`;
  const year = new Date().getFullYear();
  const res = await page.request.post('/ll/api/v1/registration/participant', {
    headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' },
    data: {
      submissionId: crypto.randomUUID(),
      locale,
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

type Lang = 'en' | 'fr';

/** What the pages say, in each language. */
const TEXT = {
  en: {
    register: 'Register online',
    number: 'Race number',
    transponder: 'Your transponder number',
    gate: /At the gate/,
    toWaiver: 'Continue to the waiver',
    waiverHeading: /waiver/i,
    forMinor: (minor: string) => `for ${minor}`,
    selfieStart: 'Open the camera',
    selfieTake: 'Take the photo',
    selfieAlt: 'Your photo',
    consent: /electronically/,
    agreed: /I Agree to the terms/,
    certified: /I certify/,
    signHere: 'Sign here',
    signed: 'Signed',
    confirm: 'Register and pay at the gate',
    notPaid: 'Not paid yet',
    mail: /Your signed waiver/,
    signOnLink: 'Sign-on at the event',
    ready: 'Ready',
    missingPayment: /Missing: .*Payment/,
    pay: /Paid at the gate: /,
    present: 'Mark present',
    presentSince: /Present since/,
    offline: 'No connection',
    waiting: /2 changes waiting to be sent/,
    sent: 'Every change is sent.',
  },
  fr: {
    register: 'S’inscrire en ligne',
    number: 'Numéro de course',
    transponder: 'Le numéro de votre transpondeur',
    gate: /À l’entrée/,
    toWaiver: 'Continuer vers la renonciation',
    waiverHeading: /Renonciation/,
    forMinor: (minor: string) => `pour ${minor}`,
    selfieStart: 'Ouvrir la caméra',
    selfieTake: 'Prendre la photo',
    selfieAlt: 'Votre photo',
    consent: /électroniquement/,
    agreed: /J’accepte les conditions/,
    certified: /Je certifie/,
    signHere: 'Signer ici',
    signed: 'Signée',
    confirm: 'M’inscrire et payer à l’entrée',
    notPaid: 'Pas encore payée',
    mail: /Votre renonciation signée/,
    signOnLink: 'Accueil des pilotes sur place',
    ready: 'Prêt',
    missingPayment: /Manque : .*Paiement/,
    pay: /Payé à l’entrée : /,
    present: 'Marquer présent',
    presentSince: /Présent depuis/,
    offline: 'Aucune connexion',
    waiting: /2 changements en attente d’envoi/,
    sent: 'Tous les changements sont envoyés.',
  },
} as const;

const prefix = (lang: Lang) => (lang === 'en' ? '/ll' : `/ll/${lang}`);

/** The parent's part: registers their minor in two classes, signs the waiver with a selfie, pays at the gate. @returns the parent and the order's public id. */
async function registerMinor(page: Page, lang: Lang, event: { id: number; classes: number[] }) {
  const t = TEXT[lang];
  await page.goto(`${prefix(lang)}/events/${event.id}?tab=registration`);
  const who = await parent(page, lang);

  // The registration tab's button, then the entry: the minor, two classes, a transponder, at the gate.
  await page.getByRole('link', { name: t.register }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/events/${event.id}/register$`));
  await page.getByRole('radio', { name: new RegExp(who.minor) }).check();
  for (const id of event.classes) await page.locator(`input[name=class][value="${id}"]`).check();
  // A child with no member number yet chooses a race number.
  // A number no earlier run took in these classes (a retry registers another child in them).
  await page.getByLabel(t.number).fill(tag().slice(-4).toUpperCase());
  await page.getByLabel(t.transponder).fill(lang === 'en' ? '654321' : '123456');
  await page.getByRole('radio', { name: t.gate }).check();
  await page.getByRole('button', { name: t.toWaiver }).click();

  // The waiver in the page's language; the selfie, the three boxes and the drawn signature.
  await expect(page.getByRole('heading', { name: t.waiverHeading })).toBeVisible();
  await expect(page.getByText(new RegExp(t.forMinor(who.minor)))).toBeVisible();
  await signWaiver(page, t);

  // The review, then registering at the gate.
  await expect(page).toHaveURL(/step=review&waiver=[0-9a-f-]{36}/);
  await expect(page.getByText(t.signed, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: t.confirm }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/account/orders/[0-9a-f-]{36}$`));
  await expect(page.getByRole('status').filter({ hasText: t.notPaid })).toBeVisible();
  const order = page.url().split('/').pop()!;

  // The signed waiver's PDF by email, in the page's language.
  await expect
    .poll(() => outboxMails().some((raw) => decodeWords(mailHead(raw)).includes(who.email) && t.mail.test(decodeWords(mailHead(raw))) && /application\/pdf/.test(raw)), { timeout: 20_000 })
    .toBe(true);

  // The public registration tab lists the rider in both classes.
  await page.goto(`${prefix(lang)}/events/${event.id}?tab=registration`);
  await expect(page.getByTestId('registration-rows').getByRole('row').filter({ hasText: who.lastName })).toHaveCount(2);
  // Each class's start grid (registration order: the rider last) on the start grid tab.
  await page.goto(`${prefix(lang)}/events/${event.id}?tab=grid`);
  for (const id of event.classes) {
    const grid = page.getByTestId(`start-grid-${id}`);
    await page.locator('details', { has: grid }).locator('summary').click();
    await expect(grid.getByRole('row').last()).toContainText(who.lastName);
  }
  return { who, order };
}

/** The e2e product's demo promoter login (lib/server/seed/demo-promoter.ts), made staff of the event's promoter for the test; @returns how to undo it. */
async function officialOf(eventId: number) {
  const text = fs.readFileSync('.data/e2e/demo-promoter.txt', 'utf8');
  const get = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(text)?.[1] ?? '';
  const login = { email: get('email'), password: get('password') };
  const promoterId = await withDb(async (db) => {
    const { rows } = await db.query<{ promoter_id: number }>('select promoter_id from events where id = $1', [eventId]);
    await db.query('insert into promoter_staff (user_id, promoter_id) select id, $1 from users where email = $2 on conflict do nothing', [rows[0]!.promoter_id, login.email]);
    return rows[0]!.promoter_id;
  });
  const undo = () => withDb((db) => db.query('delete from promoter_staff where promoter_id = $1 and user_id = (select id from users where email = $2)', [promoterId, login.email]));
  return { login, undo };
}

/** A phone-sized context of the official, logged in, with the service worker allowed (the sign-on page works offline through it). */
async function officialPhone(browser: Browser, baseURL: string | undefined, login: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/ll/login');
  const res = await page.request.post('/ll/api/v1/auth/login', { headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' }, data: login });
  expect(res.status(), await res.text()).toBe(200);
  return { context, page };
}

/** The rider's line on the sign-on screen. */
const riderLine = (page: Page, lastName: string) => page.getByTestId('sign-on-row').filter({ hasText: lastName });

test('un parent inscrit son enfant à deux classes, signe la renonciation avec un égoportrait et paie à l’entrée; l’accueil le montre en vert après le paiement', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const t = TEXT.fr;
  const event = await openEvent();
  const { who } = await registerMinor(page, 'fr', event);

  const { login, undo } = await officialOf(event.id);
  try {
    const { context, page: desk } = await officialPhone(browser, baseURL, login);
    await desk.goto(`/ll/fr/desk/events/${event.id}`);
    await desk.getByRole('link', { name: t.signOnLink }).click();
    await expect(desk).toHaveURL(new RegExp(`/ll/fr/desk/events/${event.id}/sign-on$`));
    const line = riderLine(desk, who.lastName);
    await expect(line).toHaveAttribute('data-ready', 'no');
    await expect(line).toContainText(t.missingPayment);
    await line.getByRole('button', { name: t.pay }).click();
    await expect(line).toHaveAttribute('data-ready', 'yes');
    await expect(line).toContainText(t.ready);
    await expect(desk.getByTestId('sign-on-status')).toContainText(t.sent);
    expect(await desk.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  } finally {
    await undo();
  }
});

test('a parent registers their child at the gate; the official signs them on with no connection, and it is sent when the connection returns', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const t = TEXT.en;
  const event = await openEvent();
  const { who, order } = await registerMinor(page, 'en', event);

  const { login, undo } = await officialOf(event.id);
  try {
    const { context, page: desk } = await officialPhone(browser, baseURL, login);
    const url = `/ll/desk/events/${event.id}/sign-on`;
    await desk.goto(url);
    await keepForOffline(desk, url);

    // No connection: the page opens from the device, and what the official records waits there.
    await context.setOffline(true);
    await desk.reload();
    const line = riderLine(desk, who.lastName);
    await expect(line).toHaveAttribute('data-ready', 'no');
    await expect(desk.getByTestId('sign-on-status')).toContainText(t.offline);
    await line.getByRole('button', { name: t.pay }).click();
    await line.getByRole('button', { name: t.present }).click();
    await expect(line).toHaveAttribute('data-ready', 'yes');
    await expect(line).toContainText(t.presentSince);
    await expect(desk.getByTestId('sign-on-status')).toContainText(t.waiting);
    // Reopened still offline: the changes are still there.
    await desk.reload();
    await expect(riderLine(desk, who.lastName)).toHaveAttribute('data-ready', 'yes');
    await expect(desk.getByTestId('sign-on-status')).toContainText(t.waiting);
    const paymentsOf = () => withDb(async (db) => Number((await db.query<{ n: number }>(`select count(*)::int as n from payments p join orders o on o.id = p.order_id where o.public_id = $1`, [order])).rows[0]!.n));
    expect(await paymentsOf()).toBe(0);

    // The connection returns: sent once, and the server's list agrees.
    await context.setOffline(false);
    await expect(desk.getByTestId('sign-on-status')).toContainText(t.sent, { timeout: 20_000 });
    expect(await paymentsOf()).toBe(1);
    const present = await withDb(async (db) => (await db.query<{ n: number }>(`select count(*)::int as n from registrations r join participants p on p.id = r.participant_id where r.event_id = $1 and p.last_name = $2 and r.present_at is not null`, [event.id, who.lastName])).rows[0]!.n);
    expect(present).toBe(2);
    await desk.reload();
    await expect(riderLine(desk, who.lastName)).toHaveAttribute('data-ready', 'yes');
    await context.close();
  } finally {
    await undo();
  }
});
