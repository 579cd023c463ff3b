/**
 * The printouts as PDF files (spec §7 livelaps/race/print/{id}, livelaps/race/print-team/{id};
 * issue 12) against a real database seeded with the real results files, read back with
 * pdftotext: every rider of the real races, the headers on every page, the class sections, the
 * language, and the errors.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase, type TestDatabase } from './setup';

let database: TestDatabase | undefined;
let api: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
const dir = mkdtempSync(path.join(tmpdir(), 'print-pdf-it-'));
let files = 0;
/** Set PRINT_PDF_DIR to keep every PDF the tests fetch there (to look at the pages: pdftoppm). */
const keep = process.env.PRINT_PDF_DIR;

beforeAll(async () => {
  database = await useTestDatabase('seeded');
  const { createApiApp } = await import('../../lib/server/api/app');
  api = createApiApp();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

/** The reply and, for a PDF, the text of each page (`pdftotext -layout`). */
async function pdf(url: string, init?: RequestInit) {
  const res = await api.request(`/api/v1/livelaps/${url}`, init);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.headers.get('content-type') !== 'application/pdf') return { res, pages: [] as string[], body: JSON.parse(new TextDecoder().decode(bytes)) };
  const file = path.join(dir, `${++files}.pdf`);
  writeFileSync(file, bytes);
  if (keep) writeFileSync(path.join(keep, `${url.replace(/\W+/g, '_').slice(0, 60)}.pdf`), bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { res, pages: text.split('\f').filter((p, i, all) => i < all.length - 1 || p.trim() !== ''), body: null };
}

async function riderNames(raceId: number): Promise<string[]> {
  const { getRaceResults } = await import('../../lib/server/races');
  const { pdfSafe } = await import('../../lib/server/print/render-pdf');
  return (await getRaceResults(raceId)).map((r) => pdfSafe(`${r.firstName} ${r.lastName}`.trim()));
}

/** The column headers of a race's sheet as the page shows them, as one pattern. */
async function headerPattern(raceId: number, mode: 'overall' | 'team', locale: 'en' | 'fr'): Promise<RegExp> {
  const { getRace } = await import('../../lib/server/races');
  const { getPrintSheet } = await import('../../lib/server/print');
  const sheet = await getPrintSheet((await getRace(raceId))!, { mode, classes: [], breakClasses: false }, locale);
  const labels = sheet.sections[0].columns.map((c) => c.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(labels.join('\\s+'));
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('race/print/{id}', () => {
  it('prints every rider of races 1 to 5, in English and in French, with "Page N of M" on every page', async () => {
    for (const id of [1, 2, 3, 4, 5]) {
      const names = await riderNames(id);
      expect(names.length).toBeGreaterThan(0);
      for (const [lang, pageOf] of [['en', 'Page {n} of {m}'], ['fr', 'Page {n} de {m}']] as const) {
        const { res, pages } = await pdf(`race/print/${id}?lang=${lang}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+-overall\.pdf"$/);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        const all = pages.join('\n');
        for (const name of names) expect(count(all, name), `${name} in race ${id} (${lang})`).toBeGreaterThanOrEqual(1);
        const header = await headerPattern(id, 'overall', lang);
        pages.forEach((text, i) => {
          expect(text).toMatch(header);
          expect(text).toContain(pageOf.replace('{n}', String(i + 1)).replace('{m}', String(pages.length)));
          expect(text).toMatch(lang === 'en' ? /Results by position/ : /Résultats par position/);
          expect(text).toMatch(lang === 'en' ? /PROVISIONAL|OFFICIAL/ : /PROVISOIRE|OFFICIEL/);
          expect(text).toMatch(lang === 'en' ? /Printed / : /Imprimé le /);
        });
      }
    }
  });

  it('prints Pine Hill (race 2) over several pages, each rider once, the headers on each page', async () => {
    const started = performance.now();
    const { pages } = await pdf('race/print/2');
    const ms = performance.now() - started;
    console.log(`race/print/2: ${pages.length} pages in ${Math.round(ms)} ms`);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const names = await riderNames(2);
    expect(names).toHaveLength(100);
    const all = pages.join('\n');
    for (const name of new Set(names)) expect(count(all, name), name).toBe(names.filter((n) => n === name).length);
    const header = await headerPattern(2, 'overall', 'en');
    for (const text of pages) expect(text).toMatch(header);
    for (const text of pages) expect(text).toContain('Pine Hill Enduro');

    // The drawing alone (the sheet already read), overall and by team.
    const { getRace } = await import('../../lib/server/races');
    const { getPrintSheets, renderPrintPdf } = await import('../../lib/server/print');
    const race = (await getRace(2))!;
    for (const mode of ['overall', 'team'] as const) {
      const parts = await getPrintSheets(race, [], { mode, classes: [], breakClasses: false }, 'en');
      const at = performance.now();
      const bytes = await renderPrintPdf(parts, { locale: 'en', paper: 'letter', printedAt: new Date() });
      const drawn = performance.now() - at;
      console.log(`race 2 ${mode}: drawn in ${Math.round(drawn)} ms, ${bytes.length} bytes`);
      expect(drawn).toBeLessThan(3000);
    }
  });

  it('names each file after its event, race, run and sheet: the two Sebring runs of "Test Session 4" apart', async () => {
    const { getRace } = await import('../../lib/server/races');
    const names = new Set<string>();
    for (const id of [1, 2, 3, 4, 5]) {
      const { res } = await pdf(`race/print/${id}`);
      const disposition = res.headers.get('content-disposition') ?? '';
      const run = (await getRace(id))!.runNumber;
      expect(disposition, `race ${id}`).toMatch(new RegExp(`^attachment; filename="[a-z0-9-]+-run-${run}-overall\\.pdf"$`));
      names.add(disposition);
    }
    expect(names.size).toBe(5);
    expect((await pdf('race/print-team/4')).res.headers.get('content-disposition')).toBe('attachment; filename="sebring-winter-test-test-session-4-run-34-overall.pdf"');
  });

  it('takes the language of the siteLanguage cookie when lang is absent', async () => {
    const { pages } = await pdf('race/print/1', { headers: { cookie: 'siteLanguage=es' } });
    expect(pages[0]).toContain('Resultados por posición');
    expect(pages[0]).toContain('Página 1 de');
    const { pages: en } = await pdf('race/print/1', { headers: { cookie: 'siteLanguage=xx' } });
    expect(en[0]).toContain('Results by position');
    const { pages: asked } = await pdf('race/print/1?lang=fr', { headers: { cookie: 'siteLanguage=es' } });
    expect(asked[0]).toContain('Résultats par position');
  });

  it('starts each class of a Sebring race on a new page, titled with its class', async () => {
    const { getRaceResults } = await import('../../lib/server/races');
    for (const id of [3, 4]) {
      const results = await getRaceResults(id);
      const classes = [...new Set(results.map((r) => r.className).filter((c): c is string => !!c))];
      expect(classes.length).toBeGreaterThan(1);
      const { res, pages } = await pdf(`race/print/${id}?mode=classes&paper=a4`);
      expect(res.status).toBe(200);
      const titleOf = (text: string) => classes.find((c) => new RegExp(`Class ${c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · \\d+ riders?`).test(text));
      const titles = pages.map(titleOf);
      expect(titles.every(Boolean), titles.join(',')).toBe(true);
      expect([...new Set(titles)].sort()).toEqual([...classes].sort());
      for (const c of classes) {
        const on = pages.filter((_, i) => titles[i] === c).join('\n');
        for (const r of results.filter((x) => x.className === c)) expect(on).toContain(`${r.firstName} ${r.lastName}`.trim());
      }
      for (const text of pages) expect(text).toContain('Results by class');
    }
  });

  it('prints only the asked classes, and the others races of the event after the first', async () => {
    const { getRaceResults } = await import('../../lib/server/races');
    const results = await getRaceResults(3);
    const one = results.find((r) => r.className)!.className!;
    const { pages } = await pdf(`race/print/3?mode=classes&class=${encodeURIComponent(one)}&class=Nope`);
    expect(pages.every((p) => p.includes(`Class ${one}`))).toBe(true);
    expect(pages[0]).toMatch(/Not in .+: Nope/);
    const both = await pdf('race/print/3?race=4&race=1');
    const all = both.pages.join('\n');
    for (const name of [...(await riderNames(3)), ...(await riderNames(4))]) expect(all).toContain(name);
    expect(all).toContain('Race 1 is not a race of this event.');
  });

  it('answers 400 for a malformed id, 404 for an unknown race, 403 for a hidden one', async () => {
    expect((await pdf('race/print/abc')).res.status).toBe(400);
    expect((await pdf('race/print/abc')).body).toEqual({ error: 'invalid_id', message: 'The provided race id is invalid', statusCode: 400 });
    expect((await pdf('race/print')).body).toEqual({ error: 'null_id', message: 'Please provide the race id', statusCode: 400 });
    expect((await pdf('race/print-team')).body.error).toBe('null_id');
    expect((await pdf('race/print/424242')).res.status).toBe(404);
    expect((await pdf('race/print-team/424242')).body.error).toBe('not_found');
    expect((await pdf('race/print/1?lang=xx')).body.error).toBe('invalid_lang');

    const { getDb } = await import('../../lib/server/db');
    const { races } = await import('../../lib/server/db/schema');
    await getDb().update(races).set({ isPublic: false }).where(eq(races.id, 4));
    try {
      expect((await pdf('race/print/4')).body).toEqual({ error: 'not_public', message: 'Race is not available for public display', statusCode: 403 });
      expect((await pdf('race/print-team/4')).res.status).toBe(403);
      // Asked for beside a public race of its event, it prints one line saying why.
      const { res, pages } = await pdf('race/print/3?race=4');
      expect(res.status).toBe(200);
      expect(pages.join('\n')).toMatch(/: Race is not available for public display/);
    } finally {
      await getDb().update(races).set({ isPublic: true }).where(eq(races.id, 4));
    }
  });

  it('never answers 500 to junk in the query', async () => {
    for (const query of ['paper=x', `class=${'x'.repeat(500)}`, 'race=abc', 'race=-1&race=99999999999', 'mode=zzz', 'mode=classes&class=', 'paper=a4&paper=letter', 'mode=team&mode=x', '%ff=%ff']) {
      const { res } = await pdf(`race/print/2?${query}`);
      expect(res.status, query).toBe(200);
    }
    const { pages } = await pdf(`race/print/3?mode=classes&class=${'x'.repeat(500)}`);
    expect(pages.join('\n')).toContain('Class ');
  });
});

describe('a burst of printouts', () => {
  it('makes a few at a time, queues some and answers 503 service_unavailable with Retry-After beyond', async () => {
    const { PRINT_QUEUE, PRINT_SLOTS, withPrintSlot } = await import('../../lib/server/print');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: PRINT_SLOTS + PRINT_QUEUE }, () => withPrintSlot(() => held));
    try {
      const { res, body } = await pdf('race/print/1');
      expect(res.status).toBe(503);
      expect(body).toMatchObject({ error: 'service_unavailable', statusCode: 503 });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await pdf('race/print-team/2')).res.status).toBe(503);
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await pdf('race/print/1')).res.status).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes both calls as PDF replies', async () => {
    const doc = await (await api.request('/api/v1/openapi.json')).json();
    for (const call of ['/api/v1/livelaps/race/print/{id}', '/api/v1/livelaps/race/print-team/{id}']) {
      expect(doc.paths[call].get.responses['200'].content['application/pdf'].schema).toMatchObject({ type: 'string', format: 'binary' });
      expect(doc.paths[call].get.responses['403']).toBeDefined();
      expect(doc.paths[call].get.responses['503']).toBeDefined();
    }
    expect(doc.paths['/api/v1/livelaps/race/print'].get.responses['400']).toBeDefined();
  });
});

describe('race/print-team/{id}', () => {
  it('lists every team of Pine Hill and each of its riders', async () => {
    const { getRaceResults, getRaceTeams } = await import('../../lib/server/races');
    const { pdfSafe } = await import('../../lib/server/print/render-pdf');
    const { res, pages } = await pdf('race/print-team/2?lang=fr');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/-team\.pdf"$/);
    const all = pages.join('\n');
    const teams = await getRaceTeams(2);
    expect(teams.length).toBe(20);
    for (const t of teams) expect(all).toContain(pdfSafe(t.name));
    for (const r of await getRaceResults(2)) if (r.teamId !== null) expect(all).toContain(pdfSafe(`${r.firstName} ${r.lastName}`));
    const header = await headerPattern(2, 'team', 'fr');
    pages.forEach((text, i) => {
      expect(text).toMatch(header);
      expect(text).toContain('Résultats par équipe');
      expect(text).toContain(`Page ${i + 1} de ${pages.length}`);
    });
  });

  it('prints a race without teams by position', async () => {
    const { res, pages } = await pdf('race/print-team/5');
    expect(res.status).toBe(200);
    expect(pages[0]).toContain('Results by position');
    for (const name of await riderNames(5)) expect(pages.join('\n')).toContain(name);
  });
});
