/** Every interface string exists in English, French and Spanish, with the same placeholders. */
import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../lib/i18n/messages';

const [en, fr, es] = await Promise.all([loadMessages('en'), loadMessages('fr'), loadMessages('es')]);

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

/**
 * ICU argument names (`{count, plural, …}` → count), not the words inside plural branches,
 * each once. `elide` (lib/format elide: French "de"/"d’" before a name) is a grammar selector
 * a language may use or not.
 */
const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].filter((p) => p !== 'elide').sort();

describe('messages', () => {
  const base = flatten(en as Tree);
  for (const [name, messages] of [['fr', fr], ['es', es]] as const) {
    const other = flatten(messages as Tree);
    it(`${name} has exactly the English keys`, () => {
      expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
    });
    it(`${name} keeps every placeholder`, () => {
      for (const [key, value] of base) expect(placeholders(other.get(key) ?? ''), key).toEqual(placeholders(value));
    });
    it(`${name} is translated, not copied`, () => {
      // A text of placeholders and punctuation only ("{name} ({rate})") has no words to translate.
      const words = (value: string) => /\p{L}/u.test(value.replace(/\{[^{}]*\}/g, ''));
      const same = [...base].filter(([key, value]) => other.get(key) === value && value.length > 12 && words(value));
      expect(same.map(([key]) => key)).toEqual([]);
    });
  }
});
