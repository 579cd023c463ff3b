/**
 * The field issues of a 400 reply (spec §7 errors: each faulty field with its code), built from a
 * failed check's issues (zod's `error.issues`, or anything shaped like them). Zod-free, so client
 * code may import it. Used by `accountIssues` (./account-rules.ts) and `contactIssues`
 * (./contact-rules.ts), which differ only in how a message that is not a code becomes one.
 */

/** One field's fault: `path` is the field (`['login', 'email']`), `code` an issue code. */
export interface FieldIssue {
  path: (string | number)[];
  code: string;
}

/** A failed check's issues: each with the path of its field and its message (a code, or zod's text). */
export interface CheckFailure {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/**
 * One issue per field path (the first one of each), its path with symbols as strings, its code
 * given by `codeOf(message, path)`.
 */
export function firstIssuePerField(error: CheckFailure, codeOf: (message: string, path: (string | number)[]) => string): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const key = path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, code: codeOf(issue.message, path) });
  }
  return out;
}
