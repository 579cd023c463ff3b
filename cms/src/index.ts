import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { seed, UID } from '../seed/seed';
import { locales } from '../seed/data';
import { ensureSiteWebhook } from './site-webhook';

/** Single types only expose `find`; collection types expose `find` and `findOne`. */
function publicReadActions(strapi: Core.Strapi): string[] {
  return Object.values(UID).flatMap((uid) =>
    strapi.contentType(uid).kind === 'singleType' ? [`${uid}.find`] : [`${uid}.find`, `${uid}.findOne`],
  );
}

async function ensureLocales(strapi: Core.Strapi) {
  const service = strapi.plugin('i18n').service('locales');
  for (const { code, name, isDefault } of locales) {
    if (!(await service.findByCode(code))) {
      await service.create({ code, name });
      strapi.log.info(`[bootstrap] locale ${code} (${name}) created`);
    }
    if (isDefault && (await service.getDefaultLocale()) !== code) {
      await service.setDefaultLocale({ code });
      strapi.log.info(`[bootstrap] default locale set to ${code}`);
    }
  }
}

/**
 * The Public role (unauthenticated visitors, i.e. the website) may read the site
 * content and do nothing else: it gets find/findOne on the content types above, and
 * any other permission of that role is removed on each start.
 */
async function ensurePublicPermissions(strapi: Core.Strapi) {
  const roleQuery = strapi.db.query('plugin::users-permissions.role');
  const permissionQuery = strapi.db.query('plugin::users-permissions.permission');
  const role = await roleQuery.findOne({ where: { type: 'public' } });
  if (!role) throw new Error('users-permissions Public role not found');

  const wanted = new Set(publicReadActions(strapi));
  const current: { id: number; action: string }[] = await permissionQuery.findMany({ where: { role: role.id } });
  const have = new Set(current.map((p) => p.action));

  const removed = current.filter((p) => !wanted.has(p.action));
  for (const p of removed) await permissionQuery.delete({ where: { id: p.id } });
  const added = [...wanted].filter((action) => !have.has(action));
  for (const action of added) await permissionQuery.create({ data: { action, role: role.id } });

  strapi.log.info(
    `[bootstrap] public role: ${wanted.size} read permissions (${added.length} added, ${removed.length} others removed)`,
  );
}

/** Strapi's admin password rule: 8 to 72 bytes with a lower-case letter, a capital and a digit. */
function meetsAdminPasswordRule(password: string): boolean {
  const bytes = Buffer.byteLength(password, 'utf8');
  return bytes >= 8 && bytes <= 72 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password);
}

function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(18).toString('base64url');
    if (meetsAdminPasswordRule(candidate)) return candidate;
  }
}

/**
 * Closes the admin registration of a fresh install: when no admin exists, the first one is
 * created here, before Strapi listens, so `POST /admin/register-admin` is refused from the
 * first request on. Its email is CMS_ADMIN_EMAIL (default admin@example.org) and its password
 * CMS_ADMIN_PASSWORD, or a generated one written once to CMS_ADMIN_CREDENTIALS_FILE (mode
 * 0600; `npm start` keeps it beside the race data, .data/cms-admin-credentials.txt; alone, the
 * CMS writes .tmp/admin-credentials.txt) and printed once.
 */
async function ensureFirstAdmin(strapi: Core.Strapi) {
  const users = strapi.service('admin::user');
  if (await users.exists()) return;
  const email = (process.env.CMS_ADMIN_EMAIL || 'admin@example.org').toLowerCase();
  const given = process.env.CMS_ADMIN_PASSWORD;
  if (given && !meetsAdminPasswordRule(given)) {
    throw new Error('CMS_ADMIN_PASSWORD must be 8 to 72 bytes with a lower-case letter, a capital letter and a digit');
  }
  const password = given || generatePassword();
  await users.createFirstAdmin({ email, firstname: 'Site', lastname: 'Administrator', password });
  if (given) {
    strapi.log.info(`[bootstrap] first admin ${email} created with CMS_ADMIN_PASSWORD`);
    return;
  }
  const file = path.resolve(strapi.dirs.app.root, process.env.CMS_ADMIN_CREDENTIALS_FILE || '.tmp/admin-credentials.txt');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `email=${email}\npassword=${password}\n`, { mode: 0o600, flag: 'wx' });
  console.log(
    `\n[cms] First admin created: ${email} / ${password}\n` +
      `[cms] Saved to ${file} (readable only by its owner). Log in at /admin and change it; it is not shown again.\n`,
  );
}

export default {
  register() {},

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureFirstAdmin(strapi);
    await ensureLocales(strapi);
    await ensurePublicPermissions(strapi);
    await seed(strapi);
    // After the seed, so that seeding a fresh install does not post a revalidation per entry.
    await ensureSiteWebhook(strapi);
  },
};
