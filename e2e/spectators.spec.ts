/**
 * Spectator tickets (issue 28), as a buyer and the gate use them on phones at 390 px with
 * Chromium's fake camera: the buyer gives their details, signs their own waiver after the selfie,
 * adds a second adult (who signs by the emailed `/waiver/{id}` link, in a browser with no login)
 * and a minor (signed by the buyer as parent or guardian), reserves to pay at the gate; the
 * thank-you page shows the tickets; the tickets (QR code images) and the waiver PDFs arrive by
 * email. At the gate the official decodes each emailed QR image (zxing, as a camera would) and
 * types the code: an unpaid ticket is paid there, then admitted, and a second scan of it says it
 * was already used. In English with three spectators (a participant account made through the API
 * and verified in the database), the last ticket scanned twice on the gate page reopened with no
 * connection (one admission, the second reported once the connection returns); in French a visitor
 * alone, whose step 1 opens a spectator account verified by the mailed link, who then gives the
 * ticket to a friend on the thank-you page: the old code is voided at the gate, the friend's is
 * admitted once paid and once the friend signed their waiver by the emailed link.
 */
import fs from 'node:fs';
import type { Browser } from '@playwright/test';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import { withDb } from './db';
import { keepForOffline } from './offline';
import { signWaiver as signWaiverForm } from './waiver';
import { decodeWords, mailHead, outboxMails } from './outbox';
import { expect, test, type Page } from './test';

const PASSWORD = 'Racing2026ok';
const tag = () => (Date.now().toString(36) + Math.random().toString(36).slice(2, 6)).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
type Lang = 'en' | 'fr';
const MESSAGES = { en, fr } as const;
const prefix = (lang: Lang) => (lang === 'en' ? '/ll' : `/ll/${lang}`);

// The QR decoder reads the wasm file from the package (never a CDN).
const wasm = fs.readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm');
prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });

test.use({ viewport: { width: 390, height: 844 }, permissions: ['camera'] });

/**
 * An event today (the gate admits on the ticket's day), public, its riders' online registration
 * closed (by default the day before the start: tickets are still sold, at the gate too), selling
 * tickets: $25, free under 6, a selfie, the gate. A new event beside a real upcoming one (its
 * promoter, organization, province and discipline), so no other test's event changes.
 */
async function ticketEvent(run: string) {
  return withDb(async (db) => {
    const settings = { enabled: true, bands: [{ minAge: 0, priceCents: 2500 }], freeUnderAge: 6, dailyCapacity: 500, selfie: true, payAtGate: true };
    const { rows } = await db.query<{ id: number }>(
      `insert into events (promoter_id, organization_id, name, start_date, state, city, discipline, is_public, registration_open, spectator_settings)
       select e.promoter_id, e.organization_id, $1, (now() at time zone 'America/Toronto')::date, e.state, e.city, e.discipline, true, true, $2::jsonb
       from events e where e.is_public and e.registration_open and not e.is_cancelled and e.start_date > current_date
       order by e.start_date, e.id limit 1 returning id`,
      [`Spectator Day ${run}`, JSON.stringify(settings)],
    );
    return { id: rows[0]!.id };
  });
}

/** A verified adult with an account, logged in in `page`'s context. */
async function buyer(page: Page, lang: Lang) {
  const run = tag();
  const lastName = `Gradin${run}`;
  const email = `buyer.${run}@example.org`;
  const res = await page.request.post('/ll/api/v1/registration/participant', {
    headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' },
    data: {
      submissionId: crypto.randomUUID(),
      locale: lang,
      information: { firstName: 'Camille', lastName, gender: 'female', birthday: { year: 1986, month: 4, day: 9 }, phone: '5145550123', isRegisterMinor: false },
      login: { email, emailConfirmation: email, password: PASSWORD, passwordConfirmation: PASSWORD },
      address: { address: '12 Rue des Érables', country: 'CA', state: 'QC', city: 'Sherbrooke', zip: 'J1H 1A1' },
      emergencyContact: { firstName: 'Sam', lastName, cell: '8195550000' },
      children: [],
      acknowledgeDuplicate: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await withDb((db) => db.query('update users set email_verified = true where email = $1', [email]));
  return { email, lastName, run };
}

/** A quoted-printable mail body decoded (the links in it). */
const unQuote = (raw: string) => Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

/**
 * A visitor with no account at step 1 of `/spectator/{eventId}`: types their details and a
 * password, which opens a spectator account; step 2 waits for the email; the mailed link verifies
 * it and leads back to step 2.
 */
async function visitorBuyer(page: Page, lang: Lang) {
  const t = MESSAGES[lang].spectatorPages;
  const f = MESSAGES[lang].accountFields;
  const run = tag();
  const lastName = `Visiteur${run}`;
  const email = `visitor.${run}@example.org`;
  await expect(page.getByRole('heading', { name: t.account.title })).toBeVisible();
  const form = page.getByTestId('spectator-account-form');
  await form.getByLabel(f.firstName, { exact: true }).fill('Maude');
  await form.getByLabel(f.lastName, { exact: true }).fill(lastName);
  await form.getByLabel(f.gender, { exact: true }).selectOption('female');
  await form.getByLabel(f.birthday, { exact: true }).fill('1987-07-14');
  await form.getByLabel(f.email, { exact: true }).fill(email);
  await form.getByLabel(f.password, { exact: true }).fill(PASSWORD);
  await form.getByLabel(f.passwordConfirmation, { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: t.account.submit }).click();

  // Step 2 waits for the email's verification; the mail's link verifies it and leads back here.
  await expect(page).toHaveURL(/step=2/);
  await expect(page.getByTestId('spectator-verify-email')).toContainText(email);
  const mail = unQuote(await mailTo(email, new RegExp(MESSAGES[lang].auth.accountMail.verify.subject)));
  const link = /https?:\/\/[^\s"<>]+\/verify-email\?token=[^\s"<>]+/.exec(mail)?.[0];
  expect(link, 'the verification link in the mail').toBeTruthy();
  const url = new URL(link!.replace(/&amp;/g, '&'));
  await page.goto(url.pathname + url.search);
  await expect(page.locator('[data-verify-state="verified"]')).toBeVisible();
  await page.getByTestId('verify-continue').click();
  await expect(page).toHaveURL(/step=2/);
  return { email, lastName, run };
}

/** Signs the waiver form on `page` in `lang` (e2e/waiver.ts), read by the form's own labels. */
function signWaiver(page: Page, lang: Lang) {
  const t = MESSAGES[lang].eventRegistration.sign;
  return signWaiverForm(page, { selfieStart: t.selfieStart, selfieTake: t.selfieTake, selfieAlt: t.selfieAlt, consent: t.consentElectronic, agreed: t.agreed, certified: t.certified, signHere: t.signatureStart });
}

/** The attachments of type `type` of a raw mail, decoded. */
function attachments(raw: string, type: string): Buffer[] {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .filter((p) => new RegExp(`^Content-Type: ${type}`, 'im').test(p) && /Content-Transfer-Encoding: base64/i.test(p))
    .map((p) => Buffer.from(p.slice(p.search(/\r?\n\r?\n/)).replace(/\s+/g, ''), 'base64'));
}

/** The newest mail to `email` whose decoded head matches `subject`, once it is there. */
async function mailTo(email: string, subject: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        found = outboxMails().find((raw) => decodeWords(mailHead(raw)).includes(email) && subject.test(decodeWords(mailHead(raw)))) ?? '';
        return found !== '';
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found;
}

/** The e2e product's demo promoter, made staff of the event's promoter; logged in on a phone-sized page. */
async function official(browser: Browser, baseURL: string | undefined, eventId: number) {
  const text = fs.readFileSync('.data/e2e/demo-promoter.txt', 'utf8');
  const get = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(text)?.[1] ?? '';
  const login = { email: get('email'), password: get('password') };
  const promoterId = await withDb(async (db) => {
    const { rows } = await db.query<{ promoter_id: number }>('select promoter_id from events where id = $1', [eventId]);
    await db.query('insert into promoter_staff (user_id, promoter_id) select id, $1 from users where email = $2 on conflict do nothing', [rows[0]!.promoter_id, login.email]);
    return rows[0]!.promoter_id;
  });
  // The service worker allowed: the gate page works offline through it.
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/ll/login');
  const res = await page.request.post('/ll/api/v1/auth/login', { headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' }, data: login });
  expect(res.status(), await res.text()).toBe(200);
  const undo = async () => {
    await context.close();
    await withDb((db) => db.query('delete from promoter_staff where promoter_id = $1 and user_id = (select id from users where email = $2)', [promoterId, login.email]));
  };
  return { page, context, undo };
}

/** Buys tickets in `lang` for the buyer and `others`; @returns the buyer and their ticket codes decoded from the emailed QR images. */
async function buyTickets(page: Page, browser: Browser, baseURL: string | undefined, lang: Lang, eventId: number, others: boolean, asVisitor = false) {
  const t = MESSAGES[lang].spectatorPages;
  await page.goto(`${prefix(lang)}/spectator/${eventId}`);
  let who: { email: string; lastName: string; run: string };
  if (asVisitor) {
    // 1. A visitor: their details and a password open a spectator account.
    who = await visitorBuyer(page, lang);
  } else {
    who = await buyer(page, lang);
    await page.reload();
    // 1. The buyer's details, filled in from their account.
    await expect(page.getByRole('heading', { name: t.buyer.title })).toBeVisible();
    await page.getByRole('button', { name: t.buyer.submit }).click();
  }

  // 2. Their own waiver, with the selfie the event asks for.
  await expect(page).toHaveURL(/step=2/);
  await signWaiver(page, lang);

  // 3. The spectators.
  await expect(page).toHaveURL(/step=3/);
  await expect(page.getByRole('heading', { name: t.list.title })).toBeVisible();
  if (others) {
    const year = new Date().getFullYear();
    const add = async (first: string, birthday: string, email: string | null) => {
      const form = page.getByRole('form', { name: t.add.title }).or(page.locator('form').filter({ has: page.getByRole('button', { name: t.add.submit }) })).first();
      await form.getByLabel(MESSAGES[lang].accountFields ? /First name|Prénom/ : /First/).first().fill(first);
      await form.getByLabel(/Last name|Nom de famille|^Nom$/).first().fill(who.lastName);
      await form.getByLabel(/Gender|Sexe|Genre/).first().selectOption({ index: 1 }).catch(async () => form.getByRole('radio').first().check());
      await form.getByLabel(/Date of birth|Date de naissance/).first().fill(birthday);
      if (email) await form.getByLabel(/Email|Courriel/).first().fill(email);
      await form.getByRole('button', { name: t.add.submit }).click();
      await expect(page.getByText(`${first} ${who.lastName}`)).toBeVisible();
    };
    const adultEmail = `friend.${who.run}@example.org`;
    await add('Jordan', '1990-02-03', adultEmail);
    await add('Léa', `${year - 10}-05-06`, null);

    // The second adult gets the link by email and signs without logging in.
    const jordan = page.getByRole('listitem').filter({ hasText: `Jordan ${who.lastName}` });
    await jordan.getByRole('button', { name: t.list.sendLink }).click();
    await expect(jordan.getByText(t.list.sent.replace('{email}', adultEmail))).toBeVisible();
    const linkMail = await mailTo(adultEmail, /./);
    const link = /https?:\/\/[^\s"<>]+\/waiver\/[0-9a-f-]{36}/.exec(linkMail.replace(/=\r?\n/g, ''))?.[0];
    expect(link, 'the waiver link in the mail').toBeTruthy();
    const stranger = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, permissions: ['camera'] });
    const other = await stranger.newPage();
    await other.goto(new URL(link!).pathname);
    await signWaiver(other, lang);
    await expect(other.getByText(/signed|signée/i).first()).toBeVisible();
    await stranger.close();

    // The minor's waiver, signed by the buyer as parent or guardian on the same phone.
    const lea = page.getByRole('listitem').filter({ hasText: `Léa ${who.lastName}` });
    await lea.getByRole('link', { name: t.list.signHere }).click();
    await expect(page.getByText(t.sign.guardian.replace('{name}', `Léa ${who.lastName}`))).toBeVisible();
    await signWaiver(page, lang);
    // Back on the list once signed (no longer the signing form's address).
    await expect(page).toHaveURL(/^(?!.*sign=).*step=3/);
    await expect(page.getByTestId('spectator-list')).toBeVisible();
  }
  await expect(page.getByText(t.list.waiver.not_signed)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByRole('link', { name: t.list.toPayment }).click();

  // 4. The summary; reserved to pay at the gate.
  await expect(page).toHaveURL(/step=4/);
  await page.getByRole('radio', { name: t.summary.payGate }).check().catch(() => undefined);
  await page.getByRole('button', { name: new RegExp(t.summary.confirmGate.replace('{total}', '.*')) }).click();
  await expect(page).toHaveURL(/\/thank-you-page\/spectator\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: t.thanks.done.title })).toBeVisible();
  const count = others ? 3 : 1;
  await expect(page.getByRole('img', { name: new RegExp(t.thanks.qr.replace('{name}', '.*')) })).toHaveCount(count);

  // The tickets by email: a QR image per ticket and the waiver PDFs.
  const mail = await mailTo(who.email, /ticket|billet/i);
  const pngs = attachments(mail, 'image/png');
  expect(pngs).toHaveLength(count);
  expect(attachments(mail, 'application/pdf')).toHaveLength(count);
  const codes: string[] = [];
  for (const png of pngs) {
    const [read] = await readBarcodes(new Blob([new Uint8Array(png)]), { formats: ['QRCode'] });
    expect(read?.text, 'a readable QR code').toBeTruthy();
    codes.push(read!.text);
  }
  return { who, codes };
}

/**
 * At the gate: each code unpaid, paid there, admitted; scanned again, already used. With
 * `offlineLast`, the last code is scanned twice with no connection, on the page reopened from the
 * device (the service worker's copy): both wait there, and once the connection returns one is
 * admitted and the other is reported as a ticket used twice.
 */
async function admitAtGate(browser: Browser, baseURL: string | undefined, lang: Lang, eventId: number, codes: string[], offlineLast = false) {
  const g = MESSAGES[lang].desk.gate;
  const { page, context, undo } = await official(browser, baseURL, eventId);
  try {
    const url = `${prefix(lang)}/desk/events/${eventId}/gate`;
    await page.goto(url);
    if (offlineLast) await keepForOffline(page, url);
    const form = page.getByTestId('gate-name-form');
    await form.getByRole('textbox').fill(lang === 'en' ? 'North gate' : 'Porte nord');
    await form.getByRole('button', { name: g.saveGate }).click();
    const result = page.getByTestId('gate-result');
    const scan = async (code: string) => {
      await page.getByTestId('gate-code').fill(code);
      await page.getByRole('button', { name: g.check, exact: true }).click();
    };
    const online = offlineLast ? codes.slice(0, -1) : codes;
    for (const [i, code] of online.entries()) {
      await scan(code);
      // The order is reserved at the gate: its first ticket asks for the payment (the others are paid with it).
      if (i === 0) {
        await expect(result).toContainText(g.results.unpaid);
        await page.getByTestId('gate-pay').click();
        await expect(result).toContainText(g.paidScanAgain);
        await scan(code);
      }
      await expect(result).toContainText(g.results.admitted);
    }
    await scan(codes[0]!);
    await expect(result).toContainText(g.results.already_used);
    if (offlineLast) {
      const last = codes[codes.length - 1]!;
      await context.setOffline(true);
      await page.reload();
      const status = page.getByTestId('gate-status');
      await expect(status).toContainText(g.offline);
      await scan(last);
      await expect(result).toContainText(g.results.queued);
      await scan(last);
      await expect(status).toContainText('2 scans waiting to be checked');
      const admittedOf = () => withDb(async (db) => Number((await db.query<{ n: number }>(`select count(*)::int as n from ticket_scans where event_id = $1 and result = 'admitted'`, [eventId])).rows[0]!.n));
      expect(await admittedOf()).toBe(codes.length - 1);

      // The connection returns: one admission, and the second scan reported, not hidden.
      await context.setOffline(false);
      await expect(status).toContainText(g.synced, { timeout: 20_000 });
      expect(await admittedOf()).toBe(codes.length);
      const problems = page.getByTestId('gate-problems');
      await expect(problems).toContainText(g.problems.title);
      await expect(problems).toContainText(g.results.already_used);
      const offlineScans = await withDb(async (db) => (await db.query<{ result: string }>(`select result from ticket_scans where event_id = $1 and offline order by id`, [eventId])).rows.map((r) => r.result));
      expect(offlineScans).toEqual(['admitted', 'already_used']);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  } finally {
    await undo();
  }
}

/**
 * On the thank-you page, the buyer gives their ticket to a friend (an adult): the page shows it
 * given, and the friend's ticket waiting for their waiver; the friend's mails bring their ticket
 * (its QR image decoded) and the waiver link. @returns the friend's ticket code and waiver link.
 */
async function giveTicket(page: Page, lang: Lang, who: { lastName: string; run: string }) {
  const t = MESSAGES[lang].spectatorPages.transfer;
  const f = MESSAGES[lang].accountFields;
  const name = `Noémie ${who.lastName}`;
  const email = `given.${who.run}@example.org`;
  const ticket = page.getByTestId('ticket').first();
  await ticket.getByText(t.summary).click();
  const form = ticket.getByTestId('spectator-transfer-form');
  await form.getByLabel(f.firstName, { exact: true }).fill('Noémie');
  await form.getByLabel(f.lastName, { exact: true }).fill(who.lastName);
  await form.getByLabel(f.gender, { exact: true }).selectOption('female');
  await form.getByLabel(f.birthday, { exact: true }).fill('1992-03-04');
  await form.getByLabel(f.email, { exact: true }).fill(email);
  await form.getByRole('button', { name: t.submit }).click();
  await expect(page.getByText(t.given.replace('{name}', name))).toBeVisible();
  await expect(page.getByText(t.waiverToSign.replace('{email}', email))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  const ticketMail = await mailTo(email, /ticket|billet/i);
  const [png] = attachments(ticketMail, 'image/png');
  const [read] = await readBarcodes(new Blob([new Uint8Array(png!)]), { formats: ['QRCode'] });
  expect(read?.text, 'a readable QR code').toBeTruthy();
  const linkMail = await mailTo(email, /renonciation|waiver/i);
  const link = /https?:\/\/[^\s"<>]+\/waiver\/[0-9a-f-]{36}/.exec(linkMail.replace(/=\r?\n/g, ''))?.[0];
  expect(link, 'the waiver link in the mail').toBeTruthy();
  return { code: read!.text, link: link! };
}

/**
 * At the gate after a ticket was given: the old code is voided; the new one is paid at the gate,
 * then refused until its holder signs their waiver (by the emailed link, in a browser with no
 * login), then admitted.
 */
async function admitGivenTicket(browser: Browser, baseURL: string | undefined, lang: Lang, eventId: number, oldCode: string, given: { code: string; link: string }) {
  const g = MESSAGES[lang].desk.gate;
  const { page, undo } = await official(browser, baseURL, eventId);
  try {
    await page.goto(`${prefix(lang)}/desk/events/${eventId}/gate`);
    const form = page.getByTestId('gate-name-form');
    await form.getByRole('textbox').fill('Porte sud');
    await form.getByRole('button', { name: g.saveGate }).click();
    const result = page.getByTestId('gate-result');
    const scan = async (code: string) => {
      await page.getByTestId('gate-code').fill(code);
      await page.getByRole('button', { name: g.check, exact: true }).click();
    };
    await scan(oldCode);
    await expect(result).toContainText(g.results.voided);
    await scan(given.code);
    await expect(result).toContainText(g.results.unpaid);
    await page.getByTestId('gate-pay').click();
    await expect(result).toContainText(g.paidScanAgain);
    await scan(given.code);
    await expect(result).toContainText(g.results.waiver_missing);

    const stranger = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, permissions: ['camera'] });
    const other = await stranger.newPage();
    await other.goto(new URL(given.link).pathname);
    await signWaiver(other, lang);
    await expect(other.getByText(/signed|signée/i).first()).toBeVisible();
    await stranger.close();

    await scan(given.code);
    await expect(result).toContainText(g.results.admitted);
  } finally {
    await undo();
  }
}

test('a buyer gets tickets for themself, a friend who signs by the emailed link and a child, and the gate admits each once', async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  const event = await ticketEvent(tag());
  const { codes } = await buyTickets(page, browser, baseURL, 'en', event.id, true);
  await admitAtGate(browser, baseURL, 'en', event.id, codes, true);
});

test('en français : un visiteur sans compte ouvre le sien en achetant, donne son billet à une amie, qui signe sa renonciation, et l’entrée l’admet', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const event = await ticketEvent(tag());
  const { who, codes } = await buyTickets(page, browser, baseURL, 'fr', event.id, false, true);
  const given = await giveTicket(page, 'fr', who);
  await admitGivenTicket(browser, baseURL, 'fr', event.id, codes[0]!, given);
});
