/**
 * Makes the content API (/api/...) accept three query forms the website sends and
 * that Strapi 5.54 handles badly:
 *
 * 1. `populate[sub_menus]=*` is parsed as { sub_menus: '*' } and rejected with
 *    "Invalid key localizations at sub_menus.localizations" (strapi/strapi#23326),
 *    although Strapi itself reads that value as `true` when it builds the query.
 *    Nested '*' values (other than under a `populate` key) become 'true'.
 * 2. `pagination[limit]=-1` ("no limit") arrives as the string '-1' and is clamped
 *    to 1 item. It becomes api.rest.maxLimit (1000).
 * 3. Locale codes are matched case-insensitively (`fr-ca` → `fr-CA`) and a bare
 *    language (`fr`) maps to the only configured locale of that language; Strapi
 *    would otherwise answer an unknown locale with an empty list.
 */
import type { Core } from '@strapi/strapi';

type Tree = Record<string, unknown>;

const LOCALES_TTL_MS = 30_000;

const isTree = (value: unknown): value is Tree => !!value && typeof value === 'object' && !Array.isArray(value);

function normalizePopulate(node: Tree): void {
  for (const [key, value] of Object.entries(node)) {
    if (value === '*' && key !== 'populate') {
      node[key] = 'true';
    } else if (isTree(value)) {
      normalizePopulate(value);
    }
  }
}

function resolveLocale(requested: string, codes: string[]): string | undefined {
  const wanted = requested.toLowerCase();
  const exact = codes.find((code) => code.toLowerCase() === wanted);
  if (exact) return exact;
  const sameLanguage = codes.filter((code) => code.toLowerCase().split('-')[0] === wanted);
  return sameLanguage.length === 1 ? sameLanguage[0] : undefined;
}

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  let localeCache: { at: number; codes: string[] } | null = null;

  const localeCodes = async (): Promise<string[]> => {
    if (!localeCache || Date.now() - localeCache.at > LOCALES_TTL_MS) {
      const locales: { code: string }[] = await strapi.plugin('i18n').service('locales').find();
      localeCache = { at: Date.now(), codes: locales.map((l) => l.code) };
    }
    return localeCache.codes;
  };

  return async (ctx, next) => {
    const query = ctx.path.startsWith('/api/') ? ctx.query : undefined;
    if (query) {
      if (isTree(query.populate)) normalizePopulate(query.populate);

      if (isTree(query.pagination) && String(query.pagination.limit) === '-1') {
        query.pagination.limit = String(strapi.config.get('api.rest.maxLimit', 1000));
      }

      const locale = query.locale;
      if (typeof locale === 'string' && locale !== '*' && locale !== 'all') {
        const codes = await localeCodes();
        if (!codes.includes(locale)) {
          const resolved = resolveLocale(locale, codes);
          if (resolved) query.locale = resolved;
        }
      }
    }
    await next();
  };
};
