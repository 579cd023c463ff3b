/**
 * langs/current (spec §7 Language): the server's current language for this visitor's session,
 * read from the siteLanguage cookie; `{ status: 200, data: { code } }`.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { LOCALES } from '../../../config';
import { validationHook } from '../errors';
import { getCookie } from 'hono/cookie';
import { isLocale, LANGUAGE_COOKIE } from '../../../i18n/routing';
import { sessionLocale } from '../session';

/** The language sub-app (mounted at /ll/api/v1/langs). */
export function langRoutes() {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/current',
      summary: "The session's language: { status: 200, data: { code } }",
      description: 'Spec §7 Language: read from the siteLanguage cookie (en, fr or es; en when absent or unknown). `chosen` says whether the visitor chose it with the language switcher (issue 25: a visit is not a choice; a page in another language keeps its own when nothing was chosen). Answers during a database outage.',
      responses: {
        200: {
          content: { 'application/json': { schema: z.object({ status: z.literal(200), data: z.object({ code: z.enum(LOCALES), chosen: z.boolean() }) }) } },
          description: 'The current language',
        },
      },
    }),
    (c) => {
      return c.json({ status: 200 as const, data: { code: sessionLocale(c), chosen: isLocale(getCookie(c, LANGUAGE_COOKIE)) } }, 200);
    },
  );
  return app;
}
