/**
 * The logged-in participant's own pages (issue 11 "Profiles", "Privacy and security", the family
 * section; spec §2 /liveonlivelaps profile tab (4), §6 "A parent or guardian manages minors'
 * accounts from the family section"), as a racer uses them:
 *  - English (wide): an account created through the API (they are logged in); the header shows
 *    their first name and a menu (My account, Family, Log out); /account shows the profile;
 *    the phone and address are edited (the 3-3-4 phone and address formatters at work) and
 *    kept after a reload; the data download is a JSON file holding the email; /liveonlivelaps
 *    offers the profile tab (4) with their racer page and a link to the account; a minor is
 *    added in the family section (a minor's email equal to the holder's is refused) and is
 *    invisible to another browser; the account is closed with the password (a wrong one is
 *    refused) → logged out, home, and a login with that email fails; /account then sends to
 *    the login page.
 *  - French (phone, a context of its own): the account page in French fits the screen, the
 *    drawer holds the account entries, Déconnexion logs out and the page then says "Connexion".
 * Accounts are created with POST /ll/api/v1/registration/participant from the page's context
 * (`page.request` shares its cookies; the Origin header as a browser sends it).
 */
import fs from 'node:fs/promises';
import { expect, test, type Page } from './test';
import { freshPage, waitForHydration } from './fresh';

const PASSWORD = 'Racing2026ok';

/** Letters only (names accept no digits): a run's tag. */
const tag = () => (Date.now().toString(36) + Math.random().toString(36).slice(2, 6)).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

interface Account {
  email: string;
  firstName: string;
  lastName: string;
}

/** Creates a participant account from `page`'s context (which is then logged in as them). */
async function createAccount(page: Page, locale: 'en' | 'fr', firstName: string): Promise<Account> {
  const run = tag();
  const account = { email: `racer.${run}.${locale}@example.org`, firstName, lastName: `Essai${run}` };
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/ll/api/v1/registration/participant', {
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    data: {
      submissionId: crypto.randomUUID(),
      locale,
      information: { firstName, lastName: account.lastName, gender: 'female', birthday: { year: 1994, month: 6, day: 3 }, phone: '5145550123', isRegisterMinor: false },
      login: { email: account.email, emailConfirmation: account.email, password: PASSWORD, passwordConfirmation: PASSWORD },
      address: { address: '123 Rue Principale', country: 'CA', state: 'QC', city: 'Sherbrooke', zip: 'J1H 1A1' },
      emergencyContact: { firstName: 'Sam', lastName: account.lastName, cell: '8195550000' },
      children: [],
      acknowledgeDuplicate: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a participant edits their profile, downloads their data, sees their trackside profile, adds a minor and closes the account', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const page = await freshPage(browser, baseURL);
  await page.goto('/ll/');
  const me = await createAccount(page, 'en', 'Robin');

  // The header: their first name, a menu with the account entries.
  await page.goto('/ll/');
  const menuButton = page.getByRole('button', { name: 'Account menu: Robin' });
  await expect(menuButton).toBeVisible();
  await expect(page.getByTestId('header-login')).toHaveCount(0);
  await waitForHydration(page, '[data-testid=account-menu-button]');
  await menuButton.click();
  // The open menu is modal: the rest of the page (the button too) is hidden from assistive technology meanwhile.
  await expect(page.getByTestId('account-menu-button')).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['My account', 'Family', 'Log out']);
  await menu.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/ll\/account$/);

  // The profile: name, date of birth and email read-only, the form filled in.
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText(`Robin ${me.lastName}`);
  await expect(page.getByTestId('profile-birthday')).toHaveText('June 3, 1994');
  await expect(page.getByTestId('profile-email')).toHaveText(me.email);
  await expect(page.getByTestId('results-empty')).toHaveText(/No results yet/);
  await expect(page.getByTestId('registrations-empty')).toBeVisible();
  for (const section of ['Profile', 'My results', 'Series points', 'Registrations', 'Claim my results', 'Family', 'My data']) {
    await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
  }

  // Edit the phone and the address: the formatters rewrite them as typed; kept after a reload.
  const form = page.getByTestId('profile-form');
  await waitForHydration(page, '[data-testid=profile-form] input[name=phone]');
  const phone = form.locator('input[name=phone]');
  const address = form.locator('input[name="address.address"]');
  await expect(phone).toHaveValue('514-555-0123');
  await phone.fill('');
  await phone.pressSequentially('418 555 0199');
  await expect(phone).toHaveValue('418-555-0199');
  await address.fill('');
  await address.pressSequentially('77, rue du Moulin #4');
  await expect(address).toHaveValue('77, rue du Moulin #4');
  await form.locator('input[name="address.city"]').fill('Québec');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('profile-saved')).toHaveText('Your profile has been saved.');
  await page.reload();
  await expect(phone).toHaveValue('418-555-0199');
  await expect(address).toHaveValue('77, rue du Moulin #4');
  await expect(form.locator('input[name="address.city"]')).toHaveValue('Québec');

  // A refused value stays on its field.
  await waitForHydration(page, '[data-testid=profile-form] input[name=phone]');
  await phone.fill('123');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('The phone number must be xxx-xxx-xxxx or ten digits')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await page.reload();

  // Download everything held about them: a JSON file with their email.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-data').click()]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const text = await fs.readFile((await download.path())!, 'utf8');
  expect(JSON.parse(text)).toBeTruthy();
  expect(text).toContain(me.email);

  // Trackside: the profile tab (4) is theirs.
  await page.goto('/ll/liveonlivelaps?tab=4');
  const tabs = page.getByTestId('trackside-tabs');
  await expect(tabs.locator('a[data-tab]')).toHaveText(['Home', 'Results', 'Laps', 'Points', 'Profile']);
  await expect(tabs.locator('a[aria-current=page]')).toHaveText('Profile');
  await expect(page.getByTestId('trackside-panel')).toHaveAttribute('data-tab', 'profile');
  await expect(page.getByTestId('racer-name')).toHaveText(`Robin ${me.lastName}`);
  await expect(page.getByTestId('profile-account-link')).toHaveAttribute('href', '/ll/account');
  await expect(page).toHaveTitle(new RegExp(`^Robin ${me.lastName} – Profile`));

  // The family section: empty, then a minor added (their email must differ from the holder's).
  await page.goto('/ll/account/family');
  await expect(page.getByTestId('family-empty')).toBeVisible();
  await waitForHydration(page, '[data-testid=add-minor]');
  await page.getByTestId('add-minor').click();
  const dialog = page.getByRole('dialog', { name: 'Add a minor' });
  await dialog.locator('input[name="children.0.firstName"]').fill('Alex');
  await dialog.locator('input[name="children.0.lastName"]').fill(me.lastName);
  await dialog.getByRole('radio', { name: 'Male', exact: true }).check();
  const year = String(new Date().getFullYear() - 10);
  await dialog.locator('select[name="children.0.birthday.year"]').selectOption(year);
  await dialog.locator('select[name="children.0.birthday.month"]').selectOption('2');
  await dialog.locator('select[name="children.0.birthday.day"]').selectOption('14');
  await dialog.locator('select[name="children.0.relationship"]').selectOption('mother');
  await dialog.locator('input[name="children.0.email"]').fill(me.email.toUpperCase());
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('The minor’s email address must be different from the parent/guardian’s email address.')).toBeVisible();
  await dialog.locator('input[name="children.0.email"]').fill('');
  await dialog.locator('input[name="children.0.phone"]').pressSequentially('5145550456');
  await expect(dialog.locator('input[name="children.0.phone"]')).toHaveValue('514-555-0456');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('family-notice')).toHaveText(`Alex ${me.lastName} has been added to your family.`);
  const card = page.getByTestId('minor-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Alex ${me.lastName}`);
  await expect(card).toContainText(/(9|10) years old/);
  await expect(card).toContainText('Mother');
  await expect(card).toContainText('514-555-0456');
  await page.reload();
  await expect(page.getByTestId('minor-card')).toHaveCount(1);

  // Nobody else sees them: another browser is refused.
  const stranger = await freshPage(browser, baseURL);
  const refused = await stranger.request.get('/ll/api/v1/users/current/minors');
  expect(refused.status()).toBe(401);
  await stranger.goto('/ll/account/family');
  await expect(stranger).toHaveURL(/\/ll\/login\?next=%2Faccount%2Ffamily$/);
  await stranger.context().close();

  // Close the account: a wrong password is refused; the right one logs out and goes home.
  await page.goto('/ll/account');
  await waitForHydration(page, '[data-testid=close-account]');
  await page.getByTestId('close-account').click();
  const close = page.getByRole('dialog', { name: 'Close your account?' });
  await expect(close).toContainText('The account of the minor you manage is closed too.');
  await close.getByLabel(/^Your password/).fill('Wrong-password-1');
  await close.getByRole('button', { name: 'Close my account' }).click();
  await expect(close.getByRole('alert')).toHaveText('The password is wrong');
  await close.getByLabel(/^Your password/).fill(PASSWORD);
  await close.getByRole('button', { name: 'Close my account' }).click();
  await expect(page).toHaveURL(/\/ll\/?$/);
  await expect(page.getByTestId('header-login')).toBeVisible();
  await expect(page.getByTestId('account-menu-button')).toHaveCount(0);

  // The login with that email now fails, and the account page asks to log in.
  const login = await page.request.post('/ll/api/v1/auth/login', {
    headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' },
    data: { email: me.email, password: PASSWORD },
  });
  expect(login.status()).toBe(401);
  await page.goto('/ll/account');
  await expect(page).toHaveURL(/\/ll\/login\?next=%2Faccount$/);
  await page.context().close();
});

test('en français sur un téléphone : le compte, le tiroir et la déconnexion', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // A context of its own: no language chosen before (the URL's language is the page's).
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/ll/fr');
  const me = await createAccount(page, 'fr', 'Camille');

  await page.goto('/ll/fr/account');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await expect(page.getByTestId('profile-birthday')).toHaveText('3 juin 1994');
  await expect(page.getByRole('heading', { level: 2, name: 'Réclamer mes résultats' })).toBeVisible();
  await expect(page.getByTestId('results-empty')).toHaveText(/Aucun résultat pour l’instant/);
  await expect(page.getByRole('button', { name: 'Menu du compte : Camille' })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  await page.goto('/ll/fr/account/family');
  await expect(page.getByRole('heading', { level: 1, name: 'Famille' })).toBeVisible();
  await expect(page.getByTestId('family-empty')).toContainText('Vous ne gérez encore aucun mineur.');
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  // The drawer ends with the account entries; Déconnexion logs out and goes home in French.
  await waitForHydration(page, '[data-testid=menu-button]');
  await page.getByTestId('menu-button').click();
  const drawer = page.getByTestId('drawer-account');
  await expect(drawer.getByRole('link', { name: 'Mon compte' })).toHaveAttribute('href', '/ll/fr/account');
  await expect(drawer.getByRole('link', { name: 'Famille' })).toHaveAttribute('aria-current', 'page');
  await drawer.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/ll\/fr$/);
  await expect(page.getByTestId('header-login')).toHaveText('Connexion');
  await expect(page.getByTestId('header-login')).toHaveAttribute('href', '/ll/fr/login');
  await page.goto('/ll/fr/account');
  await expect(page).toHaveURL(/\/ll\/fr\/login\?next=%2Faccount$/);
  expect(me.email).toContain('@');
  await context.close();
});
