/**
 * The texts of clubs, organizations and membership types on the promoter's desk (issue 25
 * "French and Spanish data: descriptions of events, classes, clubs, organizations and membership
 * types per language (the desk edits them; English fallback)"; spec §2 /promoters/{id?},
 * Organization pages). Mounted at /ll/api/v1/desk beside ./desk-classes.ts: a login is needed
 * (401); a club, organization or membership type the login does not work for answers 404 like an
 * unknown one (policies `promoter.manage`, `classes.edit`); replies are never stored.
 *
 * - GET /texts → `DeskTexts` (`{ clubs, organizations: [{ …, membershipTypes }] }`).
 * - PUT /texts/clubs/{id} (a promoters row id) `DeskAboutTextsInput` → 200 `{ id, changed }`.
 * - PUT /texts/organizations/{id} `DeskAboutTextsInput` → 200 `{ id, changed }`.
 * - PUT /texts/membership-types/{id} `DeskMembershipTypeTextsInput` → 200 `{ id, changed }`.
 *
 * A body that fails the contract answers 400 with `issues` (lib/contracts/desk-texts.ts codes)
 * and writes nothing.
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { deskIssues } from '../../../contracts/desk';
import { deskAboutTextsInput, deskMembershipTypeTextsInput } from '../../../contracts/desk-texts';
import { listDeskTexts, saveClubTexts, saveMembershipTypeTexts, saveOrganizationTexts } from '../../desk';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { IssuesErrorSchema, issuesHook, json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionUser } from '../session';
import { loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

const hook = issuesHook(deskIssues);
const AboutBody = named(deskAboutTextsInput, 'DeskAboutTextsInput', { description: 'A club’s or an organization’s name in French and Spanish and about text in English, French and Spanish (lib/contracts/desk-texts.ts).' });
const TypeBody = named(deskMembershipTypeTextsInput, 'DeskMembershipTypeTextsInput', { description: 'A membership type’s name in French and Spanish and description in English, French and Spanish (lib/contracts/desk-texts.ts).' });
const Row = {
  id: z.number().int(),
  name: z.string(),
  nameFr: z.string().nullable(),
  nameEs: z.string().nullable(),
  description: z.string().nullable(),
  descriptionFr: z.string().nullable(),
  descriptionEs: z.string().nullable(),
};
const TextsReply = z
  .object({
    clubs: z.array(z.object({ ...Row, userId: z.number().int() })),
    organizations: z.array(z.object({ ...Row, membershipTypes: z.array(z.object(Row)) })),
  })
  .openapi('DeskTexts');
const Saved = z.object({ id: z.number().int(), changed: z.boolean() }).openapi('DeskTextsSaved');
const notFound = json(ErrorSchema, '`not_found`: unknown, or not one the login works for');
const badBody = json(IssuesErrorSchema, 'A field failed its check (`issues`), or `invalid_json`');
const saved = json(Saved, 'Saved; `changed` false when the texts were already these (nothing recorded)');

/** The desk's texts sub-app (mounted at /ll/api/v1/desk). */
export function deskTextsRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: validationHook });
  app.use(sessionUser);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/texts',
      summary: 'The clubs and organizations the login works for, with their texts in English, French and Spanish',
      description: 'Issue 25 “French and Spanish data … (the desk edits them; English fallback)”; spec §2 /promoters/{id?}, Organization pages (about-us, membership-type).',
      middleware: [loggedIn] as const,
      responses: { 200: json(TextsReply, 'The texts'), 401: unauthenticatedReply },
    }),
    async (c) => c.json(await listDeskTexts(principal(c)), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/texts/clubs/{id}',
      summary: 'Edit a club’s name in French and Spanish and its about text',
      description: 'Issue 25 (French and Spanish data); spec §2 /promoters/{id?}. Before and after recorded in the audit log in the same transaction; the club’s pages revalidated.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: z.object({ id: idParam('promoter') }), body: { content: { 'application/json': { schema: AboutBody } }, required: true } },
      responses: { 200: saved, 400: badBody, 401: unauthenticatedReply, 404: notFound, 415: mediaTypeReply },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json({ id, changed: await saveClubTexts(principal(c), id, c.req.valid('json')) }, 200);
    },
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/texts/organizations/{id}',
      summary: 'Edit an organization’s name in French and Spanish and its about text',
      description: 'Issue 25 (French and Spanish data); spec §2 Organization pages (about-us). Staff of one of its promoters (as its classes) or an admin; audited in the same transaction; its pages revalidated.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: z.object({ id: idParam('organization') }), body: { content: { 'application/json': { schema: AboutBody } }, required: true } },
      responses: { 200: saved, 400: badBody, 401: unauthenticatedReply, 404: notFound, 415: mediaTypeReply },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json({ id, changed: await saveOrganizationTexts(principal(c), id, c.req.valid('json')) }, 200);
    },
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/texts/membership-types/{id}',
      summary: 'Edit a membership type’s name in French and Spanish and its description',
      description: 'Issue 25 (French and Spanish data); spec §2 /organizations/{id?}/membership-type. Staff of one of its organization’s promoters or an admin; audited in the same transaction; the organization’s pages revalidated.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: z.object({ id: idParam('id') }), body: { content: { 'application/json': { schema: TypeBody } }, required: true } },
      responses: { 200: saved, 400: badBody, 401: unauthenticatedReply, 404: notFound, 415: mediaTypeReply },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json({ id, changed: await saveMembershipTypeTexts(principal(c), id, c.req.valid('json')) }, 200);
    },
    (result, c) => hook(result, c),
  );

  return app;
}
