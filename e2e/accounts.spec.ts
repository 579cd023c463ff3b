/**
 * Participant accounts as a newcomer uses them (issue 11 "Tests: Browser"; spec §2
 * /registration/participant, /thank-you-page/participant/{id}, /login, /forgotPassword,
 * /resetPassword; §4 Participant account creation and Password reset; §6 the family section):
 *
 *  - In English (on a phone) and in French (wide screen), each in a browser context of its own: a
 *    parent creates an account with two minors through every step of the stepper, going Back
 *    twice (the values stay), is greeted by name on the thank-you page, logs out, logs in again
 *    and sees both children in the family section (the forgotten password and its emailed link:
 *    e2e/auth.spec.ts, in English and in French). A second browser holding another new account sees
 *    neither of them (its family section does not list them; GET
 *    /ll/api/v1/users/current/minors/<id> answers 404), and an anonymous request gets 401.
 *  - The optional steps' Skip: a parent registering a minor whose details match an existing
 *    account goes past Existing Account with Skip, then past Minors with Skip; the minor of the
 *    Information step is in their family.
 *  - Issue 25 "Forms that damage input", in English and in French on a phone: a pasted
 *    "+1 514 555 0123" becomes 514-555-0123, `parent+race@example.ca` is accepted and
 *    "1234, rue de l'Église, app. 3" is kept as typed, up to the Emergency Contact step.
 *
 * Emails and names are unique per run.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from './test';
import { waitForHydration } from './fresh';

/** A unique tag of letters (names hold no digits). */
const tag = () => (Date.now().toString(36) + Math.random().toString(36).slice(2, 6)).replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);

const THIS_YEAR = new Date().getFullYear();

/** The interface texts the test reads, per language (messages/{en,fr}.json: accountStepper, accountFields, auth, account). */
const TEXTS = {
  en: {
    prefix: '',
    title: 'Create an account',
    registerMinor: 'I am registering a minor (I am their parent or guardian)',
    firstName: 'First name',
    lastName: 'Last name',
    male: 'Male',
    female: 'Female',
    year: 'Year',
    month: 'Month',
    day: 'Day',
    phone: 'Phone number',
    email: 'Email',
    emailConfirmation: 'Confirm email',
    password: /^Password/,
    passwordConfirmation: /^Confirm password/,
    address: 'Address',
    state: 'Province or state',
    city: 'City',
    zip: 'Postal or ZIP code',
    emergencyFirstName: 'Emergency contact first name',
    emergencyLastName: 'Emergency contact last name',
    emergencyCell: 'Emergency contact cell',
    relationship: 'Relationship to the adult',
    next: 'Next',
    back: 'Back',
    skip: 'Skip',
    addMinor: 'Add a minor',
    saveMinor: 'Save minor',
    createAccount: 'Create Account',
    steps: {
      information: 'Information',
      adult: 'Adult Information',
      login: 'Login data',
      address: 'Contact Information',
      existing: 'Existing Account',
      emergency: 'Emergency Contact',
      minors: 'Minors',
      confirmation: 'Confirmation',
    },
    existingTitle: 'It looks like you may already have an account',
    noMinor: 'No minor added yet.',
    age: (n: number) => `${n} years old`,
    mother: 'Mother',
    thanks: (name: string) => `Thank you, ${name}! Your account is created.`,
    menuOf: (name: string) => `Account menu: ${name}`,
    logout: 'Log out',
    headerLogin: 'Log in',
    loginForm: 'Log in to your account',
    loginPassword: 'Password',
    loginSubmit: 'Log in',
    familyTitle: 'Family',
    familyEmpty: 'You do not manage any minor yet.',
  },
  fr: {
    prefix: '/fr',
    title: 'Créer un compte',
    registerMinor: 'J’inscris un mineur (je suis son parent ou son tuteur)',
    firstName: 'Prénom',
    lastName: 'Nom',
    male: 'Homme',
    female: 'Femme',
    year: 'Année',
    month: 'Mois',
    day: 'Jour',
    phone: 'Numéro de téléphone',
    email: 'Courriel',
    emailConfirmation: 'Confirmer le courriel',
    password: /^Mot de passe/,
    passwordConfirmation: /^Confirmer le mot de passe/,
    address: 'Adresse',
    state: 'Province ou État',
    city: 'Ville',
    zip: 'Code postal',
    emergencyFirstName: 'Prénom du contact d’urgence',
    emergencyLastName: 'Nom du contact d’urgence',
    emergencyCell: 'Cellulaire du contact d’urgence',
    relationship: 'Lien avec l’adulte',
    next: 'Suivant',
    back: 'Retour',
    skip: 'Passer',
    addMinor: 'Ajouter un mineur',
    saveMinor: 'Enregistrer le mineur',
    createAccount: 'Créer le compte',
    steps: {
      information: 'Renseignements',
      adult: 'Renseignements de l’adulte',
      login: 'Données de connexion',
      address: 'Coordonnées',
      existing: 'Compte existant',
      emergency: 'Contact d’urgence',
      minors: 'Mineurs',
      confirmation: 'Confirmation',
    },
    existingTitle: 'Il semble que vous ayez déjà un compte',
    noMinor: 'Aucun mineur ajouté pour l’instant.',
    age: (n: number) => `${n} ans`,
    mother: 'Mère',
    thanks: (name: string) => `Merci, ${name}! Votre compte est créé.`,
    menuOf: (name: string) => `Menu du compte : ${name}`,
    logout: 'Déconnexion',
    headerLogin: 'Connexion',
    loginForm: 'Connectez-vous à votre compte',
    loginPassword: 'Mot de passe',
    loginSubmit: 'Se connecter',
    familyTitle: 'Famille',
    familyEmpty: 'Vous ne gérez encore aucun mineur.',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** The stepper's controls on `page` in the language of `T`. */
function stepper(page: Page, T: Texts) {
  return {
    text: (name: string) => page.getByRole('textbox', { name, exact: true }),
    select: (name: string) => page.getByRole('combobox', { name, exact: true }),
    radio: (name: string) => page.getByRole('radio', { name, exact: true }),
    button: (name: string) => page.getByRole('button', { name, exact: true }),
    /** The step's heading: "Login data", on phones "Step 3 of 8 — Login data" (not "Contact Information" for "Information"). */
    heading: (step: keyof Texts['steps']) => page.getByRole('heading', { level: 2, name: new RegExp(`(^|— )${T.steps[step]}$`) }),
  };
}

/** Opens the stepper in `T`'s language and waits until its buttons work. */
async function openStepper(page: Page, T: Texts) {
  await page.goto(`/ll${T.prefix}/registration/participant`);
  await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
  await waitForHydration(page, 'form button[type=submit]');
  await expect(page.getByRole('button', { name: T.next, exact: true })).toBeEnabled();
}

/** Fills a date of birth's three selects. */
async function birthday(page: Page, T: Texts, year: number, month: number, day: number) {
  const s = stepper(page, T);
  await s.select(T.year).selectOption(String(year));
  await s.select(T.month).selectOption(String(month));
  await s.select(T.day).selectOption(String(day));
}

/** Fills the Information or Adult Information step with an adult. */
async function fillAdult(page: Page, T: Texts, p: { first: string; last: string; year: number }) {
  const s = stepper(page, T);
  await s.text(T.firstName).fill(p.first);
  await s.text(T.lastName).fill(p.last);
  await s.radio(T.female).check();
  await birthday(page, T, p.year, 3, 14);
  await s.text(T.phone).pressSequentially('5145550123');
  await expect(s.text(T.phone)).toHaveValue('514-555-0123');
}

async function fillLogin(page: Page, T: Texts, email: string, password: string) {
  const s = stepper(page, T);
  await s.text(T.email).fill(email);
  await s.text(T.emailConfirmation).fill(email);
  await page.getByLabel(T.password).fill(password);
  await page.getByLabel(T.passwordConfirmation).fill(password);
}

async function fillAddress(page: Page, T: Texts) {
  const s = stepper(page, T);
  // The formatter keeps letters, digits, spaces and an address's punctuation (issue 25).
  await s.text(T.address).fill('123, rue Principale!');
  await expect(s.text(T.address)).toHaveValue('123, rue Principale');
  await s.select(T.state).selectOption('QC');
  await s.text(T.city).fill('Sherbrooke');
  await s.text(T.zip).fill('j1h 1a1');
}

async function fillEmergency(page: Page, T: Texts) {
  const s = stepper(page, T);
  await s.text(T.emergencyFirstName).fill('Marc');
  await s.text(T.emergencyLastName).fill('Tremblay');
  await s.text(T.emergencyCell).fill('8195550199');
}

/** A new account made through the API in `context` (which then holds its session cookie). */
async function createAccountByApi(context: BrowserContext, baseURL: string, who: { first: string; last: string; email: string; year: number }) {
  const res = await context.request.post('/ll/api/v1/registration/participant', {
    headers: { Origin: new URL(baseURL).origin },
    data: {
      submissionId: crypto.randomUUID(),
      locale: 'en',
      information: { firstName: who.first, lastName: who.last, gender: 'male', birthday: { year: who.year, month: 1, day: 1 }, phone: '514-555-0000', isRegisterMinor: false },
      login: { email: who.email, emailConfirmation: who.email, password: 'Other2026pass', passwordConfirmation: 'Other2026pass' },
      address: { address: '1 rue Test', country: 'CA', state: 'QC', city: 'Laval', zip: 'H7N 1A1' },
      emergencyContact: { firstName: 'Em', lastName: 'Contact', cell: '514-555-1111' },
      children: [],
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; minors: number };
}

async function newContext(browser: Browser, baseURL: string | undefined, width: number) {
  return browser.newContext({ baseURL, viewport: { width, height: 900 } });
}

for (const [locale, width] of [
  ['en', 390],
  ['fr', 1440],
] as const) {
  const T = TEXTS[locale];

  test(`a parent creates an account with two minors, logs out and back in and finds them in the family section; nobody else sees them (${locale})`, async ({
    browser,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const run = tag();
    const parent = { first: 'Camille', last: `Tremblay-${run}`, year: 1985, email: `camille.${run}@example.org` };
    const children = [
      { first: 'Léa', age: 12 },
      { first: 'Noah', age: 9 },
    ];
    const context = await newContext(browser, baseURL, width);
    const page = await context.newPage();
    const s = stepper(page, T);
    await openStepper(page, T);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Information: empty → every required field says so and the first one gets the focus.
    await s.button(T.next).click();
    await expect(s.text(T.firstName)).toHaveAttribute('aria-invalid', 'true');
    await expect(s.text(T.firstName)).toBeFocused();
    await fillAdult(page, T, parent);
    await s.button(T.next).click();

    // Login data (the heading takes the focus), then Back (1): the values stay both ways.
    await expect(s.heading('login')).toBeFocused();
    await fillLogin(page, T, parent.email, 'Trail2026ride');
    await s.button(T.back).click();
    await expect(s.heading('information')).toBeVisible();
    await expect(s.text(T.firstName)).toHaveValue(parent.first);
    await s.button(T.next).click();
    await expect(s.heading('login')).toBeVisible();
    await expect(s.text(T.email)).toHaveValue(parent.email);
    await s.button(T.next).click();

    // Contact Information → (the Existing Account check finds nothing) Emergency Contact; Back (2) and on.
    await expect(s.heading('address')).toBeVisible();
    await fillAddress(page, T);
    await s.button(T.next).click();
    await expect(s.heading('emergency')).toBeVisible();
    await s.button(T.back).click();
    await expect(s.heading('address')).toBeVisible();
    await expect(s.text(T.zip)).toHaveValue('J1H 1A1');
    await s.button(T.next).click();
    await expect(s.heading('emergency')).toBeVisible();
    await fillEmergency(page, T);
    await s.button(T.next).click();

    // Minors: two added through the "Add a minor" form.
    await expect(s.heading('minors')).toBeVisible();
    await expect(page.getByText(T.noMinor)).toBeVisible();
    for (const child of children) {
      await s.button(T.addMinor).click();
      await s.text(T.firstName).fill(child.first);
      await s.text(T.lastName).fill(parent.last);
      await s.radio(child.first === 'Léa' ? T.female : T.male).check();
      // Born on January 1st: the age is the same whatever the day of the run.
      await birthday(page, T, THIS_YEAR - child.age, 1, 1);
      await s.select(T.relationship).selectOption('mother');
      await s.button(T.saveMinor).click();
      await expect(page.getByText(`${child.first} ${parent.last}`, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(`${T.age(12)} · ${T.mother}`)).toBeVisible();
    await expect(page.getByText(`${T.age(9)} · ${T.mother}`)).toBeVisible();
    await s.button(T.next).click();

    // Confirmation: everything, then Create Account → the thank-you page, logged in (a full load).
    await expect(s.heading('confirmation')).toBeVisible();
    await expect(page.getByText(parent.email)).toBeVisible();
    await expect(page.getByText('J1H 1A1')).toBeVisible();
    for (const child of children) await expect(page.getByText(`${child.first} ${parent.last}`, { exact: true })).toBeVisible();
    await Promise.all([page.waitForURL(new RegExp(`/ll${T.prefix}/thank-you-page/participant/\\d+$`)), s.button(T.createAccount).click()]);
    await expect(page.getByRole('heading', { level: 2, name: T.thanks(parent.first) })).toBeVisible();
    // "Find an event to race" leads to the coming events, not past results (issue 25).
    await expect(page.getByRole('link', { name: /^(Find an event to race|Trouver un événement où courir)$/ })).toHaveAttribute('href', new RegExp(`^/ll${T.prefix}/event-calendar$`));
    await expect(page.getByRole('button', { name: T.menuOf(parent.first) })).toBeVisible();
    const mine = await page.request.get('/ll/api/v1/users/current/minors');
    expect(mine.status()).toBe(200);
    const { minors } = (await mine.json()) as { minors: { id: number; firstName: string }[] };
    expect(minors.map((m) => m.firstName).sort()).toEqual(['Léa', 'Noah']);

    // Log out from the header menu.
    await waitForHydration(page, 'header button[aria-haspopup=menu]');
    await page.getByRole('button', { name: T.menuOf(parent.first) }).click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: T.logout }).click()]);
    await expect(page.getByTestId('header-login')).toHaveText(T.headerLogin);
    expect(await (await page.request.get('/ll/api/v1/auth/session')).json()).toEqual({ user: null });

    // Log in again (the password reset itself: e2e/auth.spec.ts, en and fr); the family section lists both children.
    await page.goto(`/ll${T.prefix}/login`);
    await waitForHydration(page, 'form');
    const login = page.getByRole('form', { name: T.loginForm });
    await login.getByRole('textbox', { name: T.email }).fill(parent.email);
    await login.getByLabel(T.loginPassword, { exact: false }).and(page.locator('input')).fill('Trail2026ride');
    await Promise.all([page.waitForEvent('load'), login.getByRole('button', { name: T.loginSubmit, exact: true }).click()]);
    await page.goto(`/ll${T.prefix}/account/family`);
    await expect(page.getByRole('heading', { level: 1, name: T.familyTitle })).toBeVisible();
    const cards = page.getByTestId('minor-card').getByRole('heading', { level: 3 });
    await expect(cards).toHaveCount(2);
    expect((await cards.allTextContents()).sort()).toEqual(children.map((c) => `${c.first} ${parent.last}`).sort());

    // Another browser, another new account: it does not see them.
    const other = await newContext(browser, baseURL, width);
    await createAccountByApi(other, baseURL!, { first: 'Sam', last: `Autre-${run}`, email: `sam.${run}@example.org`, year: 1979 });
    const stranger = await other.newPage();
    await stranger.goto(`/ll${T.prefix}/account/family`);
    await expect(stranger.getByRole('heading', { level: 1, name: T.familyTitle })).toBeVisible();
    await expect(stranger.getByText(T.familyEmpty).first()).toBeVisible();
    for (const child of children) await expect(stranger.getByText(`${child.first} ${parent.last}`)).toHaveCount(0);
    for (const minor of minors) expect((await other.request.get(`/ll/api/v1/users/current/minors/${minor.id}`)).status()).toBe(404);

    // Nobody logged in: 401.
    const anonymous = await playwright.request.newContext({ baseURL });
    expect((await anonymous.get(`/ll/api/v1/users/current/minors/${minors[0].id}`)).status()).toBe(401);
    await anonymous.dispose();
    await other.close();
    await context.close();
  });
}

for (const locale of ['en', 'fr'] as const) {
  const T = TEXTS[locale];

  test(`a pasted phone with its country code, a + tagged email and an address with its punctuation go through unharmed (issue 25, ${locale})`, async ({ browser, baseURL }) => {
    const run = tag();
    const context = await newContext(browser, baseURL, 390);
    const page = await context.newPage();
    const s = stepper(page, T);
    await openStepper(page, T);

    // Information: the phone pasted whole (fill puts the value at once, as a paste does).
    await s.text(T.firstName).fill('Josée');
    await s.text(T.lastName).fill(`Gagnon-${run}`);
    await s.radio(T.female).check();
    await birthday(page, T, 1982, 3, 14);
    await s.text(T.phone).fill('+1 514 555 0123');
    await expect(s.text(T.phone)).toHaveValue('514-555-0123');
    await s.button(T.next).click();

    // Login data: a + tag in the email is accepted.
    await expect(s.heading('login')).toBeVisible();
    await fillLogin(page, T, 'parent+race@example.ca', 'Quebec2026race');
    await s.button(T.next).click();
    await expect(s.heading('address')).toBeVisible();

    // Contact Information: the address keeps its commas, apostrophe, accent and period.
    await s.text(T.address).fill("1234, rue de l'Église, app. 3");
    await expect(s.text(T.address)).toHaveValue("1234, rue de l'Église, app. 3");
    await s.select(T.state).selectOption('QC');
    await s.text(T.city).fill('Québec');
    await s.text(T.zip).fill('g1r 4p5');
    await s.button(T.next).click();
    await expect(s.heading('emergency')).toBeVisible();

    // Back: every value is as it was entered.
    await s.button(T.back).click();
    await expect(s.text(T.address)).toHaveValue("1234, rue de l'Église, app. 3");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
}

test('Skip on the optional steps: Existing Account for a likely duplicate, then Minors (registering a minor)', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const T = TEXTS.en;
  const run = tag();
  // Someone already has an account with the adult's name and date of birth.
  const existing = await newContext(browser, baseURL, 1440);
  const adult = { first: 'Dana', last: `Doublon-${run}`, year: 1980 };
  await createAccountByApi(existing, baseURL!, { ...adult, email: `dana.first.${run}@example.org` });
  await existing.close();

  const context = await newContext(browser, baseURL, 1440);
  const page = await context.newPage();
  const s = stepper(page, T);
  await openStepper(page, T);

  // Information: the minor (the box ticked: the relationship shows, the phone is optional).
  await page.getByRole('checkbox', { name: T.registerMinor }).check();
  await s.text(T.firstName).fill('Zoé');
  await s.text(T.lastName).fill(adult.last);
  await s.radio(T.female).check();
  await birthday(page, T, THIS_YEAR - 11, 1, 1);
  await s.select(T.relationship).selectOption('father');
  await s.button(T.next).click();

  // Adult Information: the parent, whose name and date of birth are already registered.
  await expect(s.heading('adult')).toBeFocused();
  await s.text(T.firstName).fill(adult.first);
  await s.text(T.lastName).fill(adult.last);
  await s.radio(T.male).check();
  await birthday(page, T, adult.year, 1, 1);
  await s.text(T.phone).fill('4505550101');
  await s.button(T.next).click();
  await expect(s.heading('login')).toBeVisible();
  await fillLogin(page, T, `dana.second.${run}@example.org`, 'Family2026go');
  await s.button(T.next).click();
  await expect(s.heading('address')).toBeVisible();
  await fillAddress(page, T);
  await s.button(T.next).click();

  // Existing Account: the spec's guidance, then Skip (create anyway).
  await expect(s.heading('existing')).toBeVisible();
  await expect(page.getByText(T.existingTitle)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/ll/login');
  await expect(page.getByRole('main').getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/ll/forgotPassword');
  await s.button(T.skip).click();
  await expect(s.heading('emergency')).toBeVisible();
  await fillEmergency(page, T);
  await s.button(T.next).click();

  // Minors: none more — Skip.
  await expect(s.heading('minors')).toBeVisible();
  await s.button(T.skip).click();
  await expect(s.heading('confirmation')).toBeVisible();
  await expect(page.getByText(T.noMinor)).toBeVisible();
  await Promise.all([page.waitForURL(/\/ll\/thank-you-page\/participant\/\d+$/), s.button(T.createAccount).click()]);
  await expect(page.getByRole('heading', { level: 2, name: T.thanks(adult.first) })).toBeVisible();

  // The minor of the Information step is in the family; the stepper now says "You already have an account".
  await page.goto('/ll/account/family');
  await expect(page.getByTestId('minor-card').getByRole('heading', { level: 3 })).toHaveText([`Zoé ${adult.last}`]);
  await page.goto('/ll/registration/participant');
  await expect(page.getByRole('heading', { level: 2, name: 'You already have an account' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Family section' })).toHaveAttribute('href', '/ll/account/family');
  await context.close();
});
