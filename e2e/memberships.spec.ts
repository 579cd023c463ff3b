/**
 * Memberships and checkout (issue 26), as a guardian and the federation office use them:
 *  - English, 390 px, paying at the office: from the public type page's "Buy" a guardian buys the
 *    youth licence for their minor (type and person, class, review with GST and QST, reserve);
 *    the order page gives the reference; a federation admin finds the order in /admin/orders and
 *    marks it paid; the minor's name and permanent number appear in the public member list; the
 *    receipt mail (with its PDF) arrives in the outbox; the guardian's account shows the card with
 *    its QR code.
 *  - French, paying by card through Stripe Checkout (the stub's payment page, playwright.config.ts):
 *    the buyer is sent to the payment page, pays, and comes back to an order the signed webhook
 *    has paid (never the return itself); the receipt mail is in French.
 * Accounts are created through the API and their email marked verified in the database (the
 * verification itself: e2e/verify-email.spec.ts).
 */
import { withDb } from './db';
import { freshPage } from './fresh';
import { decodeWords, mailHead, outboxMails } from './outbox';
import { expect, test, type Page } from './test';
import { E2E_STRIPE_PORT } from './stripe';

const PASSWORD = 'Racing2026ok';
/** Letters only (names accept no digits): a run's tag. */
const tag = () => (Date.now().toString(36) + Math.random().toString(36).slice(2, 6)).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

/** Creates a verified guardian with one minor from `page`'s context (then logged in as the guardian). */
async function guardianWithMinor(page: Page, locale: 'en' | 'fr') {
  const run = tag();
  const lastName = `Essai${run}`;
  const email = `guardian.${run}.${locale}@example.org`;
  const origin = new URL(page.url()).origin;
  const year = new Date().getFullYear();
  const res = await page.request.post('/ll/api/v1/registration/participant', {
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    data: {
      submissionId: crypto.randomUUID(),
      locale,
      information: { firstName: 'Gabrielle', lastName, gender: 'female', birthday: { year: 1984, month: 6, day: 3 }, phone: '5145550123', isRegisterMinor: false },
      login: { email, emailConfirmation: email, password: PASSWORD, passwordConfirmation: PASSWORD },
      address: { address: '123 Rue Principale', country: 'CA', state: 'QC', city: 'Sherbrooke', zip: 'J1H 1A1' },
      emergencyContact: { firstName: 'Sam', lastName, cell: '8195550000' },
      children: [{ firstName: 'Léo', lastName, gender: 'male', birthday: { year: year - 12, month: 3, day: 4 }, relationship: 'mother' }],
      acknowledgeDuplicate: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await withDb((db) => db.query('update users set email_verified = true where email = $1', [email]));
  return { email, lastName, minor: `Léo ${lastName}` };
}

/** The mail to `address` whose subject starts with `subject` (waits for it in the outbox). */
async function mailTo(address: string, subject: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = outboxMails().find((raw) => {
          const head = decodeWords(mailHead(raw));
          return head.includes(address) && new RegExp(`^Subject: ${subject}`, 'm').test(head);
        });
        return !!found;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** Chooses the youth licence for the minor, the first class offered, Quebec and `pay`; stops on the review. */
async function chooseYouthLicence(page: Page, T: { youth: RegExp; continue: string; review: string; pay: RegExp }, minor: string) {
  await page.getByRole('radio', { name: T.youth }).check();
  await page.getByRole('radio', { name: new RegExp(minor) }).check();
  await page.getByRole('button', { name: T.continue }).click();
  const klass = page.locator('select[name=class]');
  await expect(klass).toBeVisible();
  await klass.selectOption({ index: 1 });
  await expect(page.locator('select[name=province]')).toHaveValue('QC');
  await page.getByRole('radio', { name: T.pay }).check();
  await page.getByRole('button', { name: T.review }).click();
}

test('a guardian buys their minor’s licence at the office, staff mark it paid, the member list and the receipt follow', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const page = await freshPage(browser, baseURL);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ll/membership/type');
  const buyer = await guardianWithMinor(page, 'en');

  // From the public page: the youth licence's Buy link opens the purchase with it chosen.
  const card = page.locator('li, article').filter({ has: page.getByRole('heading', { name: /Annual licence – youth/ }) }).first();
  await card.getByRole('link', { name: /^Buy/ }).click();
  await expect(page).toHaveURL(/\/ll\/account\/membership\?type=\d+/);
  await expect(page.getByRole('radio', { name: /Annual licence – youth/ })).toBeChecked();
  await chooseYouthLicence(page, { youth: /Annual licence – youth/, continue: 'Continue', review: 'Review the order', pay: /At the federation office/ }, buyer.minor);

  // The review: the line for the minor, Quebec's two taxes, the total, then reserve.
  await expect(page.getByRole('cell', { name: new RegExp(`Annual licence – youth \\(under 18\\) – ${buyer.minor}`) })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /GST 5%/ })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /QST 9\.975%/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Total/ }).last()).toContainText('$126.47');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Reserve and pay at the office' }).click();
  await expect(page).toHaveURL(/\/ll\/account\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Not paid yet' })).toContainText('pay $126.47 at the federation office');
  const publicId = page.url().split('/').pop()!;

  // The federation office: an admin finds it among the reserved orders and marks it paid.
  const office = await freshPage(browser, baseURL);
  await office.goto('/ll');
  const admin = await guardianWithMinor(office, 'en');
  await withDb((db) => db.query(`update users set role = 'admin' where email = $1`, [admin.email]));
  await office.goto(`/ll/admin/orders?state=reserved&q=${encodeURIComponent(buyer.email)}`);
  await office.getByRole('link').filter({ hasText: /\d{4}/ }).first().click();
  await expect(office).toHaveURL(new RegExp(`/ll/admin/orders/${publicId}$`));
  await office.getByRole('button', { name: 'Mark paid' }).click();
  await office.getByRole('button', { name: /Yes, record \$126\.47/ }).click();
  await expect(office.getByText(/Marked paid: \$126\.47 recorded/)).toBeVisible();

  // The buyer's order is paid; the minor is a member, with a permanent number, in the public list.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Paid' }).first()).toBeVisible();
  const [row] = await withDb(async (db) => (await db.query(`select m.number from memberships m join order_lines l on l.id = m.order_line_id join orders o on o.id = l.order_id where o.public_id = $1`, [publicId])).rows as { number: string }[]);
  expect(row?.number).toMatch(/^\d+$/);
  await page.goto(`/ll/membership/members?q=${encodeURIComponent(buyer.lastName)}`);
  const member = page.getByRole('row').filter({ hasText: `${buyer.lastName}, Léo` });
  await expect(member).toContainText(row!.number);

  // The receipt, with its PDF, in the guardian's mail.
  const mail = await mailTo(buyer.email, 'Your receipt R-');
  expect(mail).toMatch(/filename="?receipt-R-\d{6}\.pdf/);

  // The card on the guardian's account: the minor, the number, valid, with its QR code.
  await page.goto('/ll/account#memberships');
  const cards = page.locator('#memberships li').filter({ hasText: buyer.minor });
  await expect(cards).toContainText(row!.number);
  await expect(cards).toContainText('Valid');
  await expect(cards.getByRole('img', { name: 'QR code to check this card' })).toBeVisible();
});

test('en français, un parent paie par carte : la page de paiement, puis la commande payée par le webhook signé et le reçu en français', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const page = await freshPage(browser, baseURL);
  await page.goto('/ll/fr');
  const buyer = await guardianWithMinor(page, 'fr');
  await page.goto('/ll/fr/account/membership');
  await chooseYouthLicence(page, { youth: /Licence annuelle – jeunesse/, continue: 'Continuer', review: 'Vérifier la commande', pay: /Par carte/ }, buyer.minor);
  await expect(page.getByRole('rowheader', { name: /TPS 5/ })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /TVQ 9,975/ })).toBeVisible();
  await page.getByRole('button', { name: /Payer 126,47 \$ par carte/ }).click();

  // Stripe's page (the stub's), then back to the order once paid.
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${E2E_STRIPE_PORT}/pay/cs_`));
  await expect(page.getByText('$126.47')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/ll\/fr\/account\/orders\/[0-9a-f-]{36}\?session_id=cs_/);
  await expect(page.getByRole('status').filter({ hasText: 'Payée' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Télécharger le reçu (PDF)' })).toBeVisible();

  const mail = await mailTo(buyer.email, 'Votre reçu R-');
  expect(mail).toMatch(/filename="?re(ç|%C3%A7|c)u|receipt-R-\d{6}\.pdf/);
});
