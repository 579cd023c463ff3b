/**
 * Seeds the content service from ./data.ts, on a fresh install and on one seeded before.
 *
 * What is seeded, and when (every decision is logged with the prefix [seed]):
 * - Each content type is seeded once, ever. The types seeded are recorded in Strapi's core
 *   store (`plugin_fmqr-seed` / `state`). A type is seeded when it is not recorded AND has no
 *   entry; a type that already holds entries (an editor's, or those of an earlier seed) is
 *   recorded as `present` and left alone. Deleting every entry of a recorded type therefore
 *   never brings the seed content back.
 * - Items marked `since: 2` (the simple pages added by the second version of the seed) are
 *   added to a type that was already present, once each, by their key (SeoLink), when no
 *   entry has that key.
 * - Parameters and parameter images: every missing one is added by Name; an existing value
 *   is never overwritten.
 * - Navigation (menus, sub-menus, static footers) carries a version (data.NAVIGATION_VERSION).
 *   When the stored version is older, the menus (with their sub-menus) and the footers are
 *   each replaced by the new ones if they are empty or hold exactly the links an earlier
 *   version of the seed wrote (data.legacyNavigation: v1, v2, v3); otherwise an editor has
 *   changed them and they are left alone.
 *   The version is then stored, so this happens at most once.
 *
 * Resumable: a type being seeded is recorded as `started` first and the documentId of each item
 * is remembered as soon as it is created; a start after an interrupted seed finds each item by
 * that documentId (or else by its key), adds only the locales it lacks and creates only the
 * missing items, so it completes the seed without duplicates. Files are uploaded on first use
 * and found again by name.
 *
 * Localized documents: the English document is created first, then the other locales are
 * added to the same documentId with documents(uid).update({ locale }).
 */
import fs from 'fs';
import path from 'path';
import type { Core, UID as StrapiUID } from '@strapi/strapi';
import * as data from './data';
import type { Locale } from './data';
import { waivers } from './waivers';

const [DEFAULT_LOCALE, ...OTHER_LOCALES] = data.LOCALES;

const MIME: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

export const UID = {
  menu: 'api::menu.menu',
  subMenu: 'api::sub-menu.sub-menu',
  homeContent: 'api::home-content.home-content',
  homeMenu: 'api::home-menu.home-menu',
  parameter: 'api::parameter.parameter',
  parameterImage: 'api::parameter-image.parameter-image',
  staticFooter: 'api::static-footer.static-footer',
  floatingFooter: 'api::floating-footer.floating-footer',
  contactPage: 'api::contact-page.contact-page',
  aboutPage: 'api::about-page.about-page',
  simplePage: 'api::simple-page.simple-page',
  sponsor: 'api::sponsor.sponsor',
  newsArticle: 'api::news-article.news-article',
  faq: 'api::faq.faq',
  document: 'api::document.document',
  presentation: 'api::presentation.presentation',
  waiver: 'api::waiver.waiver',
} as const satisfies Record<string, StrapiUID.ContentType>;

type ContentUID = (typeof UID)[keyof typeof UID];
type Item = { key: string; since?: number; shared?: Record<string, unknown> } & Partial<Record<Locale, Record<string, unknown>>>;
type Data = Record<string, unknown>;

const log = (strapi: Core.Strapi, msg: string) => strapi.log.info(`[seed] ${msg}`);

// --- Seed state in the core store ------------------------------------------------------

type TypeRecord = { status: 'started' | 'seeded' | 'present'; at: string };
type SeedState = {
  /** Per content type (by label): seeded by this seed, or found with entries and left alone. */
  types: Record<string, TypeRecord>;
  /** Keys of the `since` items added to a type that was present, per label. */
  items: Record<string, string[]>;
  /** While a type is being seeded: documentId of each item created so far (a resume finds them). */
  docs: Record<string, Record<string, string>>;
  /** Version of the navigation last applied (0: none recorded). */
  navigationVersion: number;
  /** Navigation groups being replaced (resumed on the next start if interrupted). */
  navigationReplacing: string[];
};

class State {
  private constructor(
    private readonly strapi: Core.Strapi,
    readonly value: SeedState,
  ) {}

  private static store(strapi: Core.Strapi) {
    return strapi.store({ type: 'plugin', name: 'fmqr-seed' });
  }

  static async load(strapi: Core.Strapi): Promise<State> {
    const stored = ((await State.store(strapi).get({ key: 'state' })) ?? {}) as Partial<SeedState>;
    return new State(strapi, {
      types: stored.types ?? {},
      items: stored.items ?? {},
      docs: stored.docs ?? {},
      navigationVersion: stored.navigationVersion ?? 0,
      navigationReplacing: stored.navigationReplacing ?? [],
    });
  }

  async save() {
    await State.store(this.strapi).set({ key: 'state', value: this.value });
  }

  async mark(label: string, status: TypeRecord['status']) {
    this.value.types[label] = { status, at: new Date().toISOString() };
    if (status === 'seeded') delete this.value.docs[label];
    await this.save();
  }

  /** Remembers the document created for an item of a type being seeded. */
  async remember(label: string, key: string, documentId: string) {
    (this.value.docs[label] ??= {})[key] = documentId;
    await this.save();
  }

  remembered(label: string, key: string): string | undefined {
    return this.value.docs[label]?.[key];
  }
}

// --- Files -----------------------------------------------------------------------------

/**
 * Seed files (./images, ./files), uploaded through the upload plugin the first time one is
 * needed and found again by file name afterwards.
 */
class Media {
  private readonly ids = new Map<string, number>();
  uploaded = 0;

  constructor(private readonly strapi: Core.Strapi) {}

  image(key: string) {
    const image = data.images[key];
    if (!image) throw new Error(`seed image ${key} is not in data.images`);
    return this.id(path.join('seed', 'images', image.file), image.file, image.alt, image.alt);
  }

  file(key: string) {
    const file = data.files[key];
    if (!file) throw new Error(`seed file ${key} is not in data.files`);
    return this.id(path.join('seed', 'files', file.file), file.file, null, file.caption);
  }

  private async id(relative: string, name: string, alternativeText: string | null, caption: string): Promise<number> {
    const cached = this.ids.get(name);
    if (cached) return cached;
    const existing = await this.strapi.db.query('plugin::upload.file').findOne({ where: { name } });
    if (existing) {
      this.ids.set(name, existing.id);
      return existing.id;
    }
    // The seed files ship in cms/seed (not copied to dist/ by the TypeScript build).
    const filepath = path.join(this.strapi.dirs.app.root, relative);
    const { size } = fs.statSync(filepath);
    const [created] = await this.strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name, alternativeText, caption } },
        files: { filepath, originalFilename: name, mimetype: MIME[path.extname(name).toLowerCase()], size },
      });
    this.ids.set(name, created.id);
    this.uploaded += 1;
    return created.id;
  }
}

// --- Documents -------------------------------------------------------------------------

const plain = (item: Item, locale: Locale): Data => ({ ...item.shared, ...item[locale] });

/**
 * Makes sure one localized document exists in every locale; returns its documentId.
 * A resumed seed finds the document already created by `known.documentId` (remembered in the
 * state) or else by `known.keyField` in the default locale; each locale missing from it is
 * added. Single types pass nothing: their one document is looked up. `onCreate` is called as
 * soon as the default-locale document exists, before the translations are added.
 */
async function ensureLocalized(
  strapi: Core.Strapi,
  uid: ContentUID,
  build: (locale: Locale) => Data,
  known: { documentId?: string; keyField?: string } = {},
  onCreate?: (documentId: string) => Promise<void>,
): Promise<{ documentId: string; created: boolean }> {
  const documents = strapi.documents(uid);
  const first = build(DEFAULT_LOCALE);
  const found =
    (known.documentId && (await documents.findOne({ documentId: known.documentId, locale: DEFAULT_LOCALE }))) ||
    (known.keyField
      ? await documents.findFirst({ locale: DEFAULT_LOCALE, filters: { [known.keyField]: first[known.keyField] } as never })
      : await documents.findFirst({ locale: DEFAULT_LOCALE }));
  let documentId: string;
  if (found) {
    documentId = found.documentId;
  } else {
    documentId = (await documents.create({ locale: DEFAULT_LOCALE, data: first as never })).documentId;
    await onCreate?.(documentId);
  }
  for (const locale of OTHER_LOCALES) {
    const existing = found ? await documents.findOne({ documentId, locale }) : null;
    if (!existing) await documents.update({ documentId, locale, data: build(locale) as never });
  }
  return { documentId, created: !found };
}

const count = (strapi: Core.Strapi, uid: ContentUID) => strapi.db.query(uid).count();

/**
 * Seeds a type once, ever (see the file comment). `run` creates the content; it must be
 * resumable (look items up by key before creating them).
 */
async function seedOnce(strapi: Core.Strapi, state: State, label: string, uid: ContentUID, run: () => Promise<string>) {
  const record = state.value.types[label];
  if (record && record.status !== 'started') return false;
  if (!record) {
    const entries = await count(strapi, uid);
    if (entries > 0) {
      await state.mark(label, 'present');
      log(strapi, `${label}: ${entries} ${entries === 1 ? 'entry' : 'entries'} already there, left alone (recorded as present)`);
      return false;
    }
  } else {
    log(strapi, `${label}: resuming an interrupted seed`);
  }
  await state.mark(label, 'started');
  const summary = await run();
  await state.mark(label, 'seeded');
  log(strapi, `${label}: ${summary}`);
  return true;
}

/** Seeds a collection of localized items, each found again by `keyField` (default locale). */
function seedItems<T extends Item>(
  strapi: Core.Strapi,
  state: State,
  label: string,
  uid: ContentUID,
  items: T[],
  keyField: string,
  build: (item: T, locale: Locale) => Data | Promise<Data>,
) {
  return seedOnce(strapi, state, label, uid, async () => {
    for (const item of items) await ensureItem(strapi, state, label, uid, item, keyField, build);
    return `${items.length} × ${data.LOCALES.length} locales`;
  });
}

/** One item in every locale, remembered in the state under `label` while its type is seeded. */
async function ensureItem<T extends Item>(
  strapi: Core.Strapi,
  state: State,
  label: string,
  uid: ContentUID,
  item: T,
  keyField: string,
  build: (item: T, locale: Locale) => Data | Promise<Data>,
) {
  const built = {} as Record<Locale, Data>;
  for (const locale of data.LOCALES) built[locale] = await build(item, locale);
  return ensureLocalized(
    strapi,
    uid,
    (locale) => built[locale],
    { documentId: state.remembered(label, item.key), keyField },
    (documentId) => state.remember(label, item.key, documentId),
  );
}

/**
 * Items introduced after a type was first seeded (`since`): added once each to a type that
 * was already present or seeded, when no entry has their key.
 */
async function addLaterItems<T extends Item>(
  strapi: Core.Strapi,
  state: State,
  label: string,
  uid: ContentUID,
  items: T[],
  keyField: string,
  build: (item: T, locale: Locale) => Data,
) {
  const done = new Set(state.value.items[label] ?? []);
  const added: string[] = [];
  for (const item of items.filter((i) => i.since && !done.has(i.key))) {
    const key = plain(item, DEFAULT_LOCALE)[keyField];
    const existing = await strapi.documents(uid).findFirst({ locale: DEFAULT_LOCALE, filters: { [keyField]: key } as never });
    if (!existing) {
      await ensureItem(strapi, state, label, uid, item, keyField, build);
      added.push(item.key);
    }
    done.add(item.key);
    state.value.items[label] = [...done];
    delete state.value.docs[label];
    await state.save();
  }
  if (added.length) log(strapi, `${label}: added ${added.join(', ')}`);
}

// --- Navigation ------------------------------------------------------------------------

const linkSet = (links: (string | null | undefined)[]) =>
  links
    .map((l) => l ?? '')
    .sort()
    .join('\n');

async function links(strapi: Core.Strapi, uid: ContentUID, field: string): Promise<(string | null)[]> {
  const rows: Record<string, string | null>[] = await strapi.db.query(uid).findMany({ where: { locale: DEFAULT_LOCALE }, select: [field] });
  return rows.map((r) => r[field]);
}

/** Deletes every document of a type, in every locale. */
async function deleteAll(strapi: Core.Strapi, uid: ContentUID) {
  const rows: { documentId: string }[] = await strapi.db.query(uid).findMany({ select: ['documentId'] });
  const ids = [...new Set(rows.map((r) => r.documentId))];
  for (const documentId of ids) await strapi.documents(uid).delete({ documentId, locale: '*' } as never);
  return ids.length;
}

/** Replaces (or first writes) the menus and sub-menus. */
async function writeMenus(strapi: Core.Strapi, state: State) {
  const removedMenus = await deleteAll(strapi, UID.menu);
  const removedSubMenus = await deleteAll(strapi, UID.subMenu);
  // Sub-menus first, so that each locale of a menu links to the same locale of its sub-menus.
  const subMenuIds: Record<string, string> = {};
  for (const item of data.subMenus) {
    subMenuIds[item.key] = (await ensureItem(strapi, state, 'sub-menus', UID.subMenu, item, 'Link', plain)).documentId;
  }
  for (const item of data.menus) {
    await ensureItem(strapi, state, 'menus', UID.menu, item, 'name', (_, locale) => ({
      ...plain(item, locale),
      sub_menus: { set: (item.subMenus ?? []).map((key) => ({ documentId: subMenuIds[key], locale })) },
    }));
  }
  return `${data.menus.length} menus and ${data.subMenus.length} sub-menus × ${data.LOCALES.length} locales` +
    (removedMenus + removedSubMenus ? ` (replacing ${removedMenus} menus and ${removedSubMenus} sub-menus)` : '');
}

async function writeFooters(strapi: Core.Strapi, state: State) {
  const removed = await deleteAll(strapi, UID.staticFooter);
  for (const item of data.staticFooters) await ensureItem(strapi, state, 'static-footers', UID.staticFooter, item, 'name', plain);
  return `${data.staticFooters.length} footer items × ${data.LOCALES.length} locales` + (removed ? ` (replacing ${removed})` : '');
}

async function seedNavigation(strapi: Core.Strapi, state: State) {
  const version = data.NAVIGATION_VERSION;
  if (state.value.navigationVersion >= version) return;

  const groups = [
    {
      name: 'menus',
      write: writeMenus,
      current: async () => ({
        empty: (await count(strapi, UID.menu)) + (await count(strapi, UID.subMenu)) === 0,
        legacy: await (async () => {
          const [menuLinks, subMenuLinks] = [linkSet(await links(strapi, UID.menu, 'Link')), linkSet(await links(strapi, UID.subMenu, 'Link'))];
          return data.legacyNavigation.some((old) => linkSet(old.menuLinks) === menuLinks && linkSet(old.subMenuLinks) === subMenuLinks);
        })(),
      }),
    },
    {
      name: 'static-footers',
      write: writeFooters,
      current: async () => ({
        empty: (await count(strapi, UID.staticFooter)) === 0,
        legacy: await (async () => {
          const footerLinks = linkSet(await links(strapi, UID.staticFooter, 'page_link'));
          return data.legacyNavigation.some((old) => linkSet(old.footerLinks) === footerLinks);
        })(),
      }),
    },
  ];

  for (const group of groups) {
    const resuming = state.value.navigationReplacing.includes(group.name);
    const { empty, legacy } = await group.current();
    if (!resuming && !empty && !legacy) {
      log(strapi, `navigation v${version}: ${group.name} were changed by an editor, left alone`);
      continue;
    }
    if (!resuming) {
      state.value.navigationReplacing.push(group.name);
      await state.save();
    }
    const summary = await group.write(strapi, state);
    state.value.navigationReplacing = state.value.navigationReplacing.filter((g) => g !== group.name);
    for (const label of ['menus', 'sub-menus', 'static-footers']) delete state.value.docs[label];
    await state.save();
    log(strapi, `navigation v${version}: ${summary}${legacy ? ' (an earlier seed’s navigation was untouched)' : ''}`);
  }
  state.value.navigationVersion = version;
  await state.save();
}

// --- Parameters --------------------------------------------------------------------------

/** Adds every missing parameter (by Name); existing values are never changed. */
async function seedParameters(strapi: Core.Strapi) {
  const rows: { Name: string }[] = await strapi.db.query(UID.parameter).findMany({ select: ['Name'] });
  const have = new Set(rows.map((r) => r.Name));
  const missing = data.parameters.filter(([Name]) => !have.has(Name));
  for (const [Name, Value] of missing) await strapi.documents(UID.parameter).create({ data: { Name, Value } as never });
  if (missing.length) {
    log(strapi, `parameters: ${missing.length} added${have.size ? ` (${missing.map(([n]) => n).join(', ')})` : ''}, ${have.size} already set`);
  }
}

async function seedParameterImages(strapi: Core.Strapi, media: Media) {
  const rows: { Name: string }[] = await strapi.db.query(UID.parameterImage).findMany({ select: ['Name'] });
  const have = new Set(rows.map((r) => r.Name));
  const missing = data.parameterImages.filter(([Name]) => !have.has(Name));
  for (const [Name, key] of missing) {
    await strapi.documents(UID.parameterImage).create({ data: { Name, Image: await media.image(key) } as never });
  }
  if (missing.length) {
    log(strapi, `parameter-images: ${missing.length} added (${missing.map(([n]) => n).join(', ')}), ${have.size} already set`);
  }
}

// --- The seed ----------------------------------------------------------------------------

async function runSeed(strapi: Core.Strapi) {
  const started = Date.now();
  const state = await State.load(strapi);
  const media = new Media(strapi);

  await seedNavigation(strapi, state);

  await seedItems(strapi, state, 'home-menus', UID.homeMenu, data.homeMenus, 'Link', plain);

  await seedOnce(strapi, state, 'home-content', UID.homeContent, async () => {
    const Images: number[] = [];
    for (const key of data.homeContent.images) Images.push(await media.image(key));
    await ensureLocalized(strapi, UID.homeContent, (locale) => ({ ...data.homeContent[locale], Images }));
    return `${data.LOCALES.length} locales`;
  });

  await seedOnce(strapi, state, 'floating-footer', UID.floatingFooter, async () => {
    const { sponsors, ...rest } = data.floatingFooter;
    if ((await count(strapi, UID.floatingFooter)) === 0) {
      const logos = [];
      for (const { image, ...s } of sponsors) logos.push({ ...s, Logo: await media.image(image) });
      await strapi.documents(UID.floatingFooter).create({ data: { ...rest, sponsors: logos } as never });
    }
    return `${sponsors.length} sponsor logos`;
  });

  await seedOnce(strapi, state, 'contact-page', UID.contactPage, async () => {
    await ensureLocalized(strapi, UID.contactPage, (locale) => data.contactPage[locale]);
    return `${data.LOCALES.length} locales`;
  });
  await seedOnce(strapi, state, 'about-page', UID.aboutPage, async () => {
    await ensureLocalized(strapi, UID.aboutPage, (locale) => data.aboutPage[locale]);
    return `${data.LOCALES.length} locales`;
  });

  const seededPages = await seedItems(strapi, state, 'simple-pages', UID.simplePage, data.simplePages, 'SeoLink', plain);
  if (seededPages) {
    // A fresh seed wrote every page, `since` ones included.
    state.value.items['simple-pages'] = data.simplePages.filter((p) => p.since).map((p) => p.key);
    await state.save();
  } else {
    await addLaterItems(strapi, state, 'simple-pages', UID.simplePage, data.simplePages, 'SeoLink', plain);
  }

  await seedItems(strapi, state, 'sponsors', UID.sponsor, data.sponsors, 'Name', async (item, locale) => ({
    ...plain(item, locale),
    Logo: await media.image(item.image),
  }));

  await seedItems(strapi, state, 'news-articles', UID.newsArticle, data.newsArticles, 'Slug', async (item, locale) => ({
    ...plain(item, locale),
    Image: await media.image(item.image),
  }));
  await seedItems(strapi, state, 'faqs', UID.faq, data.faqs, 'Question', plain);
  await seedItems(strapi, state, 'documents', UID.document, data.documents, 'Title', async (item, locale) => ({
    ...plain(item, locale),
    File: await media.file(item.file),
  }));
  await seedItems(strapi, state, 'presentations', UID.presentation, data.presentations, 'Title', async (item, locale) => {
    const Images: number[] = [];
    for (const key of item.images) Images.push(await media.image(key));
    return { ...plain(item, locale), Images };
  });

  // Waiver texts (issue 27): signed online, versioned by the site from the exact text shown; found
  // again by their English title (several share a kind: an enduro's own entry waiver). The texts
  // per discipline (`since: 2`) are added once to a CMS seeded before them.
  const seededWaivers = await seedItems(strapi, state, 'waivers', UID.waiver, waivers, 'Title', plain);
  if (seededWaivers) {
    state.value.items.waivers = waivers.filter((w) => w.since).map((w) => w.key);
    await state.save();
  } else {
    await addLaterItems(strapi, state, 'waivers', UID.waiver, waivers, 'Title', plain);
  }

  await seedParameterImages(strapi, media);
  await seedParameters(strapi);

  if (media.uploaded) log(strapi, `files: ${media.uploaded} uploaded`);
  log(strapi, `checked in ${Date.now() - started} ms`);
}

export async function seed(strapi: Core.Strapi) {
  if (process.env.CMS_SEED === 'false') {
    log(strapi, 'CMS_SEED=false: skipped');
    return;
  }
  await runSeed(strapi);
}
