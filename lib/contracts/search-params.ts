/**
 * A page's query string as Next hands it to a page (`searchParams`: a value, several, or none).
 * Imports nothing from the server.
 */

/** A page's `searchParams`. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of a query parameter, trimmed; '' when absent. */
export function firstParam(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}
