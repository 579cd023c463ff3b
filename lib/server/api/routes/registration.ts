/**
 * Account creation (spec §2 /registration/participant, §4 the account-creation stepper, §5,
 * §8 Registration). Mounted at /ll/api/v1/registration. (Being written: issue 11.)
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from '../errors';
import { sessionUser, type SessionVariables } from '../session';

/** The registration sub-app (mounted at /ll/api/v1/registration). */
export function registrationRoutes() {
  const app = new OpenAPIHono<{ Variables: SessionVariables }>({ defaultHook: validationHook });
  app.use(sessionUser);
  return app;
}
