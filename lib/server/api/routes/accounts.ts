/**
 * The logged-in participant's own data (issue 11 "Profiles", "Privacy and security"; spec §6
 * "A parent or guardian manages minors' accounts from the family section"). Mounted at
 * /ll/api/v1/users/current beside the permission calls. (Being written: issue 11.)
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from '../errors';
import { sessionUser, type SessionVariables } from '../session';

/** The account sub-app (mounted at /ll/api/v1/users/current). */
export function accountRoutes() {
  const app = new OpenAPIHono<{ Variables: SessionVariables }>({ defaultHook: validationHook });
  app.use(sessionUser);
  return app;
}
