/**
 * The public rider page's path (issue 25 "One rider, one profile"): `/riders/{id}`, where `id`
 * is any participant record of the rider (a results row links to its own record; the page
 * resolves every record of the same person and names the smallest id as canonical). Relative to
 * the locale, for next-intl's `Link`.
 */
export const riderPath = (participantId: number) => `/riders/${participantId}`;
