/**
 * What the server log may say about an error (issue 11 "Privacy and security": no error or log
 * carries personal data). A Drizzle query error's message holds the query's parameters (`Failed query: … params: <names, date of birth, phone,
 * address, email, password hash …>`), and a driver error may quote a row's values in its
 * `detail`: neither is logged. What is: the error's name, the PostgreSQL code, constraint and
 * table when there is one, else the message of an error that is not a query's.
 *
 * No `server-only` marker: the site's server logs with it under plain Node.
 */

/** One line for the log about `err` (see the module's docstring); never a query's parameters. */
export function loggableError(err: unknown): string {
  const names: string[] = [];
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const { name, code, constraint, table } = e as { name?: unknown; code?: unknown; constraint?: unknown; table?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return [`PostgreSQL ${code}`, typeof constraint === 'string' ? `constraint ${constraint}` : null, typeof table === 'string' ? `table ${table}` : null]
        .filter(Boolean)
        .join(', ');
    }
    if (typeof name === 'string') names.push(name);
    e = (e as { cause?: unknown }).cause;
  }
  if (err instanceof Error && !/Failed query|params:/i.test(err.message) && !(err as { query?: unknown }).query) return `${err.name}: ${err.message}`;
  return names[0] ?? typeof err;
}
