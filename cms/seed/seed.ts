/**
 * Seeds the content service on an empty database (no parameters yet).
 *
 * Idempotent and resumable: uploads are skipped when a file with the same name
 * already exists, every content type is seeded only while it has no entry, and
 * parameters, the emptiness marker, are written last. A start after a complete
 * seed therefore changes nothing; a start after an interrupted one finishes it.
 *
 * Localized documents: the English document is created first, then the other
 * locales are added to the same documentId with documents(uid).update({ locale }).
 */
import fs from 'fs';
import path from 'path';
import type { Core, UID as StrapiUID } from '@strapi/strapi';
import * as data from './data';
import type { Locale } from './data';

const [DEFAULT_LOCALE, ...OTHER_LOCALES] = data.LOCALES;

const MIME: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
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
} as const satisfies Record<string, StrapiUID.ContentType>;

type ContentUID = (typeof UID)[keyof typeof UID];
type Item = { key: string; shared?: Record<string, unknown> } & Partial<Record<Locale, Record<string, unknown>>>;
type Data = Record<string, unknown>;

const log = (strapi: Core.Strapi, msg: string) => strapi.log.info(`[seed] ${msg}`);

async function isEmpty(strapi: Core.Strapi, uid: ContentUID) {
  return (await strapi.db.query(uid).count()) === 0;
}

/** Uploads every seed image once; returns { key: fileId }. */
async function uploadImages(strapi: Core.Strapi): Promise<Record<string, number>> {
  // Images ship in cms/seed/images (not copied to dist/ by the TypeScript build).
  const imagesDir = path.join(strapi.dirs.app.root, 'seed', 'images');
  const uploadService = strapi.plugin('upload').service('upload');
  const ids: Record<string, number> = {};
  let uploaded = 0;
  for (const [key, { file, alt }] of Object.entries(data.images)) {
    const existing = await strapi.db.query('plugin::upload.file').findOne({ where: { name: file } });
    if (existing) {
      ids[key] = existing.id;
      continue;
    }
    const filepath = path.join(imagesDir, file);
    const { size } = fs.statSync(filepath);
    const [created] = await uploadService.upload({
      data: { fileInfo: { name: file, alternativeText: alt, caption: alt } },
      files: { filepath, originalFilename: file, mimetype: MIME[path.extname(file).toLowerCase()], size },
    });
    ids[key] = created.id;
    uploaded += 1;
  }
  log(strapi, `images: ${uploaded} uploaded, ${Object.keys(ids).length - uploaded} already present`);
  return ids;
}

/** Creates one document in every locale; `build(locale)` returns that locale's data. */
async function createLocalized(strapi: Core.Strapi, uid: ContentUID, build: (locale: Locale) => Data) {
  const documents = strapi.documents(uid);
  const created = await documents.create({ locale: DEFAULT_LOCALE, data: build(DEFAULT_LOCALE) as never });
  for (const locale of OTHER_LOCALES) {
    await documents.update({ documentId: created.documentId, locale, data: build(locale) as never });
  }
  return created.documentId;
}

async function seedCollection<T extends Item>(
  strapi: Core.Strapi,
  uid: ContentUID,
  label: string,
  items: T[],
  build: (item: T, locale: Locale) => Data,
): Promise<Record<string, string> | null> {
  if (!(await isEmpty(strapi, uid))) {
    log(strapi, `${label}: already present, skipped`);
    return null;
  }
  const documentIds: Record<string, string> = {};
  for (const item of items) {
    documentIds[item.key] = await createLocalized(strapi, uid, (locale) => build(item, locale));
  }
  log(strapi, `${label}: ${items.length} × ${data.LOCALES.length} locales`);
  return documentIds;
}

async function seedSingleLocalized(strapi: Core.Strapi, uid: ContentUID, label: string, build: (locale: Locale) => Data) {
  if (!(await isEmpty(strapi, uid))) {
    log(strapi, `${label}: already present, skipped`);
    return;
  }
  await createLocalized(strapi, uid, build);
  log(strapi, `${label}: ${data.LOCALES.length} locales`);
}

const plain = (item: Item, locale: Locale): Data => ({ ...item.shared, ...item[locale] });

async function runSeed(strapi: Core.Strapi) {
  const started = Date.now();
  log(strapi, `empty content service: seeding ${data.LOCALES.join(', ')} content`);
  const img = await uploadImages(strapi);

  // Sub-menus first, so that each locale of a menu links to the same locale of its sub-menus.
  let subMenuIds = await seedCollection(strapi, UID.subMenu, 'sub-menus', data.subMenus, plain);
  if (!subMenuIds) {
    // Resuming an interrupted seed: find the existing sub-menus by their link.
    subMenuIds = {};
    for (const item of data.subMenus) {
      const found = await strapi
        .documents(UID.subMenu)
        .findFirst({ locale: DEFAULT_LOCALE, filters: { Link: item.shared.Link } as never });
      if (found) subMenuIds[item.key] = found.documentId;
    }
  }

  await seedCollection(strapi, UID.menu, 'menus', data.menus, (item, locale) => ({
    ...plain(item, locale),
    sub_menus: {
      set: (item.subMenus ?? [])
        .filter((key) => subMenuIds[key])
        .map((key) => ({ documentId: subMenuIds[key], locale })),
    },
  }));

  await seedSingleLocalized(strapi, UID.homeContent, 'home-content', (locale) => ({
    ...data.homeContent[locale],
    Images: data.homeContent.images.map((key) => img[key]),
  }));

  await seedCollection(strapi, UID.homeMenu, 'home-menus', data.homeMenus, plain);
  await seedCollection(strapi, UID.staticFooter, 'static-footers', data.staticFooters, plain);

  if (await isEmpty(strapi, UID.floatingFooter)) {
    const { sponsors, ...rest } = data.floatingFooter;
    await strapi.documents(UID.floatingFooter).create({
      data: { ...rest, sponsors: sponsors.map(({ image, ...s }) => ({ ...s, Logo: img[image] })) } as never,
    });
    log(strapi, `floating-footer: ${sponsors.length} sponsor logos`);
  } else {
    log(strapi, 'floating-footer: already present, skipped');
  }

  await seedSingleLocalized(strapi, UID.contactPage, 'contact-page', (locale) => data.contactPage[locale]);
  await seedSingleLocalized(strapi, UID.aboutPage, 'about-page', (locale) => data.aboutPage[locale]);
  await seedCollection(strapi, UID.simplePage, 'simple-pages', data.simplePages, plain);
  await seedCollection(strapi, UID.sponsor, 'sponsors', data.sponsors, (item, locale) => ({
    ...plain(item, locale),
    Logo: img[item.image],
  }));

  if (await isEmpty(strapi, UID.parameterImage)) {
    for (const [Name, key] of data.parameterImages) {
      await strapi.documents(UID.parameterImage).create({ data: { Name, Image: img[key] } as never });
    }
    log(strapi, `parameter-images: ${data.parameterImages.length}`);
  } else {
    log(strapi, 'parameter-images: already present, skipped');
  }

  // Last: parameters mark the content service as seeded.
  for (const [Name, Value] of data.parameters) {
    await strapi.documents(UID.parameter).create({ data: { Name, Value } as never });
  }
  log(strapi, `parameters: ${data.parameters.length}`);
  log(strapi, `done in ${Date.now() - started} ms`);
}

export async function seed(strapi: Core.Strapi) {
  if (process.env.CMS_SEED === 'false') {
    log(strapi, 'CMS_SEED=false: skipped');
    return;
  }
  const parameters = await strapi.db.query(UID.parameter).count();
  if (parameters > 0) {
    log(strapi, `content present (${parameters} parameters): nothing to seed`);
    return;
  }
  await runSeed(strapi);
}
