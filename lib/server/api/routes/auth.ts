/**
 * Login, logout, session and password reset (spec §2 /login, /forgotPassword, /resetPassword;
 * §4 Password reset; §8 Login and reset). Mounted at /ll/api/v1/auth. (Being written: issue 11.)
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { validationHook } from '../errors';
import { sessionUser, type SessionVariables } from '../session';

/** The auth sub-app (mounted at /ll/api/v1/auth). */
export function authRoutes() {
  const app = new OpenAPIHono<{ Variables: SessionVariables }>({ defaultHook: validationHook });
  app.use(sessionUser);
  return app;
}
