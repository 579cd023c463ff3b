import type { Core } from '@strapi/strapi';
import { seed, UID } from '../seed/seed';
import { locales } from '../seed/data';

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

export default {
  register() {},

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await ensureLocales(strapi);
    await ensurePublicPermissions(strapi);
    await seed(strapi);
  },
};
