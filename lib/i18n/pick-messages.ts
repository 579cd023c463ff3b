/**
 * The part of a message catalogue a page's client components read (issue 23: each page is
 * given only the message groups its client leaves use; the whole catalogue was 64 KB of every
 * page's HTML, parsed before the page could react). `namespaces` are top-level groups
 * (`'race'`) or dotted paths into them (`'account.header'`); a path missing from the catalogue
 * is left out.
 */
type Messages = { [key: string]: string | Messages };

export function pickMessages(messages: Messages, namespaces: readonly string[]): Messages {
  const picked: Messages = {};
  for (const namespace of namespaces) {
    const keys = namespace.split('.');
    let source: string | Messages | undefined = messages;
    for (const key of keys) source = typeof source === 'object' ? source[key] : undefined;
    if (source === undefined) continue;
    let target = picked;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) target[key] = source;
      else {
        const next = target[key];
        target = target[key] = typeof next === 'object' ? next : {};
      }
    });
  }
  return picked;
}
