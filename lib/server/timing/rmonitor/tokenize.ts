/**
 * RMonitor tokenizer: splits one protocol line into its raw fields (RMonitor Timing Protocol,
 * "message structure": fields separated by `,`, text fields in double quotes, one message per
 * line ending CR LF). Knows nothing about message types; `decode.ts` gives fields a meaning.
 */

/** The fields of a line, quotes removed (`fields[0]` is the `$X` tag), or where splitting failed. */
export type Tokens =
  | { ok: true; fields: string[] }
  | {
      ok: false;
      /** 0-based index of the field that could not be read (0 = the tag). */
      index: number;
      detail: string;
    };

/**
 * Splits `line` (without its CR LF) into fields. A quoted field may contain commas and doubled
 * quotes (`""` → `"`); spaces after a closing quote are ignored; unquoted fields are trimmed.
 * Fails (never throws) on a missing closing quote, text after a closing quote, or a stray quote
 * inside an unquoted field.
 */
export function tokenize(line: string): Tokens {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    const index = fields.length;
    if (line[i] === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        const q = line.indexOf('"', j);
        if (q < 0) return { ok: false, index, detail: 'missing closing quote' };
        value += line.slice(j, q);
        if (line[q + 1] === '"') {
          value += '"';
          j = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      while (line[i] === ' ' || line[i] === '\t') i++;
      if (i < line.length && line[i] !== ',') return { ok: false, index, detail: 'unexpected text after closing quote' };
      fields.push(value);
    } else {
      const comma = line.indexOf(',', i);
      const raw = comma < 0 ? line.slice(i) : line.slice(i, comma);
      if (raw.includes('"')) return { ok: false, index, detail: `stray quote in ${JSON.stringify(raw)}` };
      fields.push(raw.trim());
      i = comma < 0 ? line.length : comma;
    }
    if (i >= line.length) return { ok: true, fields };
    i++; // skip the comma
  }
}
