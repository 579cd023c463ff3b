/**
 * Classes and entry fees on the promoter's desk (issue 24 "Classes of the organization: name,
 * class group, ages, fee, entry limit, per organization"; spec §7 registration/loadClasses).
 * Mounted at /ll/api/v1/desk beside ./desk.ts: a login is needed (401), an organization, class or
 * event the login does not work for answers 404 like an unknown one (policy `classes.edit`,
 * `event.edit`), replies are never stored.
 *
 * - GET /organizations → `{ organizations: [{ id, name, classes: DeskClassRow[] }] }`.
 * - POST /organizations/{id}/classes `DeskClassInput` → 201 `{ id }`; 409 `class_exists`.
 * - PUT /classes/{id} `DeskClassInput` → 200 `{ id }`; 409 `class_exists`.
 * - GET /events/{id}/classes → `{ classes: DeskEventClassRow[], options: [{ id, name }] }`.
 * - PUT /events/{id}/classes `{ classes: [{ classId, feeCents, earlyFeeCents?, lateFeeCents?, capacity }] }` → 200 as GET; 409
 *   `class_has_registrations` when a class taken off has registrations.
 *
 * A body that fails the contract answers 400 with `issues` (lib/contracts/desk-classes.ts codes).
 */
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { deskClassInput, deskEventClassesInput } from '../../../contracts/desk-classes';
import { deskIssues } from '../../../contracts/desk';
import { createClass, deskOrganization, eventClassOptions, getDeskEvent, listDeskOrganizations, listEventClassFees, listOrganizationClasses, saveEventClasses, updateClass } from '../../desk';
import type { Viewer } from '../../policy';
import { ErrorSchema, idParam, validationHook } from '../errors';
import { IssuesErrorSchema, issuesHook, json, requireJson } from '../kit';
import { named } from '../openapi';
import { sessionUser } from '../session';
import { loggedIn, mediaTypeReply, principal, unauthenticatedReply, type DeskEnv } from './desk-kit';

const hook = issuesHook(deskIssues);
const ClassBody = named(deskClassInput, 'DeskClassInput', { description: 'A class of an organization (lib/contracts/desk-classes.ts).' });
const EventClassesBody = named(deskEventClassesInput, 'DeskEventClassesInput', { description: 'The classes an event offers, in order, with fee, early fee and late fee (cents; early and late null or absent: none) and entry limit.' });
const ClassRow = z
  .object({ id: z.number().int(), name: z.string(), classGroup: z.string().nullable(), description: z.string().nullable(), descriptionFr: z.string().nullable(), descriptionEs: z.string().nullable(), minAge: z.number().int().nullable(), maxAge: z.number().int().nullable(), events: z.number().int(), entries: z.number().int() })
  .openapi('DeskClassRow');
const EventClassesReply = z
  .object({
    classes: z.array(z.object({ classId: z.number().int(), name: z.string(), feeCents: z.number().int(), earlyFeeCents: z.number().int().nullable(), lateFeeCents: z.number().int().nullable(), capacity: z.number().int().nullable(), registrations: z.number().int() })),
    options: z.array(z.object({ id: z.number().int(), name: z.string() })),
  })
  .openapi('DeskEventClasses');
const Id = z.object({ id: z.number().int() }).openapi('DeskClassSaved');
const notFound = json(ErrorSchema, '`not_found`: unknown, or of an organization or promoter the login does not work for');
const badBody = json(IssuesErrorSchema, 'A field failed its check (`issues`), or `invalid_json`');
const conflict = (what: string) => json(ErrorSchema, what);

/** The desk's classes sub-app (mounted at /ll/api/v1/desk). */
export function deskClassesRoutes() {
  const app = new OpenAPIHono<DeskEnv>({ defaultHook: validationHook });
  app.use(sessionUser);
  const eventClasses = async (viewer: Viewer, id: number) => {
    await getDeskEvent(viewer, id);
    const [classes, options] = await Promise.all([listEventClassFees(id), eventClassOptions(id)]);
    return { classes, options };
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/organizations',
      summary: 'The organizations the login works for, with their classes',
      description: 'Spec §7 registration/loadClasses (the classes riders choose from); issue 24: classes per organization.',
      middleware: [loggedIn] as const,
      responses: { 200: json(z.object({ organizations: z.array(z.object({ id: z.number().int(), name: z.string(), classes: z.array(ClassRow) })) }).openapi('DeskOrganizations'), 'The organizations'), 401: unauthenticatedReply },
    }),
    async (c) => {
      const orgs = await listDeskOrganizations(principal(c));
      return c.json({ organizations: await Promise.all(orgs.map(async (o) => ({ id: o.id, name: o.name, classes: await listOrganizationClasses(o.id) }))) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/organizations/{id}/classes',
      summary: 'Create a class of an organization',
      description: 'Spec §7 registration/loadClasses; issue 24 (two organizations may each have “Open”). Recorded in the audit log.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: z.object({ id: idParam('organization') }), body: { content: { 'application/json': { schema: ClassBody } }, required: true } },
      responses: { 201: json(Id, 'The new class’s id'), 400: badBody, 401: unauthenticatedReply, 404: notFound, 409: conflict('`class_exists`: the organization has a class of this name'), 415: mediaTypeReply },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await deskOrganization(principal(c), id);
      return c.json({ id: await createClass(principal(c), id, c.req.valid('json')) }, 201);
    },
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/classes/{id}',
      summary: 'Edit a class of an organization',
      description: 'Spec §7 registration/loadClasses; issue 24. Before and after recorded in the audit log; the events offering it revalidated.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: z.object({ id: idParam('class') }), body: { content: { 'application/json': { schema: ClassBody } }, required: true } },
      responses: { 200: json(Id, 'Saved'), 400: badBody, 401: unauthenticatedReply, 404: notFound, 409: conflict('`class_exists`: the organization has a class of this name'), 415: mediaTypeReply },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await updateClass(principal(c), id, c.req.valid('json'));
      return c.json({ id }, 200);
    },
    (result, c) => hook(result, c),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{id}/classes',
      summary: 'The classes an event offers, with fees and entry limits',
      description: 'Spec §7 registration/loadClasses (fee, capacity); issue 24: and the classes it may offer (its organization’s).',
      middleware: [loggedIn] as const,
      request: { params: z.object({ id: idParam('event') }) },
      responses: { 200: json(EventClassesReply, 'The classes'), 401: unauthenticatedReply, 404: notFound },
    }),
    async (c) => c.json(await eventClasses(principal(c), c.req.valid('param').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/events/{id}/classes',
      summary: 'Set the classes an event offers, with fees and entry limits',
      description: 'Spec §7 registration/loadClasses; issue 24; issue 27 (early and late fees). One transaction with its audit record; a class with registrations cannot be taken off (409 `class_has_registrations`); the event’s pages revalidated on every instance.',
      middleware: [loggedIn, requireJson] as const,
      request: { params: z.object({ id: idParam('event') }), body: { content: { 'application/json': { schema: EventClassesBody } }, required: true } },
      responses: { 200: json(EventClassesReply, 'The classes as saved'), 400: badBody, 401: unauthenticatedReply, 404: notFound, 409: conflict('`class_has_registrations`: riders are registered in a class taken off'), 415: mediaTypeReply },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await saveEventClasses(principal(c), id, c.req.valid('json'));
      return c.json(await eventClasses(principal(c), id), 200);
    },
    (result, c) => hook(result, c),
  );

  return app;
}
