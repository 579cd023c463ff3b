/**
 * The trackside search rules (spec §5 Trackside search, verbatim): cleaning, search type
 * fallback, orgId as a whole number, the invalid-format / too-short / too-long messages in
 * three languages, the request the form sends and the body the route accepts; the tab set
 * (spec §2).
 */
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import fr from '../../messages/fr.json';
import {
  CRITERION_ISSUES,
  PROFILE_TAB,
  TRACKSIDE_TABS,
  TYPED_PUNCTUATION,
  buildSearchRequest,
  cleanCriterion,
  criterionIssue,
  orgIdFrom,
  racerFromQuery,
  racerLaps,
  searchField,
  searchPageFromQuery,
  searchType,
  searchableCriterion,
  tracksideHref,
  tracksideSearchForm,
  tracksideSearchHref,
  tracksideSearchRequest,
  tracksideTab,
  tracksideTabs,
} from './trackside';

describe('cleanCriterion (spec §5)', () => {
  it('trims, lower-cases, keeps word characters, whitespace and hyphen, cuts to 50', () => {
    expect(cleanCriterion('  Chloé MARTEL  ')).toBe('chloé martel');
    expect(cleanCriterion("O'Brien-Côté")).toBe('obrien-côté');
    expect(cleanCriterion('#23A')).toBe('23a');
    expect(cleanCriterion('Saint-Jérôme, QC')).toBe('saint-jérôme qc');
    expect(cleanCriterion('snake_case')).toBe('snake_case');
    expect(cleanCriterion('<script>alert(1)</script>')).toBe('scriptalert1script');
    expect(cleanCriterion('x'.repeat(80))).toBe('x'.repeat(50));
  });
  it('keeps letters with accents whole (word characters are Unicode letters)', () => {
    expect(cleanCriterion('JÉRÔME')).toBe('jérôme');
    // A decomposed é is composed first, so it counts as one character.
    expect(cleanCriterion('Ce\u0301dric')).toBe('cédric');
  });
  it('cuts by characters, never inside a surrogate pair', () => {
    expect(Array.from(cleanCriterion('🏁'.repeat(10) + 'a'.repeat(60))).length).toBeLessThanOrEqual(50);
  });
  it('folds whitespace left by the stripping and trims the ends', () => {
    expect(cleanCriterion('a ! ! b')).toBe('a b');
    expect(cleanCriterion('! ab !')).toBe('ab');
  });
  it('returns an empty string when nothing is left, or for a non-string', () => {
    expect(cleanCriterion('!!!')).toBe('');
    expect(cleanCriterion('   ')).toBe('');
    expect(cleanCriterion(undefined)).toBe('');
    expect(cleanCriterion(42)).toBe('');
  });
});

describe('search type (spec §5)', () => {
  it('is racerIdentifier or state; anything else is racerIdentifier', () => {
    expect(searchType('state')).toBe('state');
    expect(searchType('racerIdentifier')).toBe('racerIdentifier');
    for (const other of ['name', 'STATE', '', null, undefined, 3]) expect(searchType(other)).toBe('racerIdentifier');
  });
  it('state searches by location, otherwise by name', () => {
    expect(searchField('state')).toBe('location');
    expect(searchField('racerIdentifier')).toBe('name');
    expect(searchField('city')).toBe('name');
  });
});

describe('orgIdFrom (spec §5: orgId as a whole number when configured and not blank)', () => {
  it('reads a number or a numeric string as a whole number', () => {
    expect(orgIdFrom(2)).toBe(2);
    expect(orgIdFrom('2')).toBe(2);
    expect(orgIdFrom(' 7 ')).toBe(7);
    expect(orgIdFrom('2.7')).toBe(2);
    expect(orgIdFrom(3.9)).toBe(3);
  });
  it('sends nothing when blank, missing or not an id', () => {
    for (const v of [null, undefined, '', '   ', 'abc', 0, -1, '0', Number.NaN, 2 ** 31, {}]) expect(orgIdFrom(v)).toBeUndefined();
  });
});

describe('criterionIssue: required, invalid format, too short, too long', () => {
  it('names the field of the search type', () => {
    expect(criterionIssue('', 'racerIdentifier')).toBe('name_required');
    expect(criterionIssue('   ', 'state')).toBe('location_required');
    expect(criterionIssue('   ', 'other')).toBe('name_required');
  });
  it('refuses characters outside names and places, and criteria with nothing searchable', () => {
    expect(criterionIssue('martel@', 'racerIdentifier')).toBe('name_invalid');
    expect(criterionIssue('<b>', 'state')).toBe('location_invalid');
    expect(criterionIssue('...', 'racerIdentifier')).toBe('name_invalid');
    expect(criterionIssue('a\u0000b', 'racerIdentifier')).toBe('name_invalid');
  });
  it('is too short under 2 characters once cleaned, too long over 50 typed', () => {
    expect(criterionIssue('a', 'racerIdentifier')).toBe('name_too_short');
    expect(criterionIssue("a'", 'state')).toBe('location_too_short');
    expect(criterionIssue('x'.repeat(51), 'racerIdentifier')).toBe('name_too_long');
    expect(criterionIssue('x'.repeat(51), 'state')).toBe('location_too_long');
    expect(criterionIssue(`  ${'x'.repeat(50)}  `, 'racerIdentifier')).toBeNull();
  });
  it('accepts names, numbers and places as people type them', () => {
    for (const ok of ['Chloé Martel', "O'Brien", 'Saint-Jérôme, QC', '#23A', '12', 'St. Donat (QC)', 'J.-P. Côté']) expect(criterionIssue(ok, 'racerIdentifier')).toBeNull();
  });
  it('the invalid-format messages list exactly the punctuation the rule accepts (as shown, in every language)', () => {
    const accepted = [...TYPED_PUNCTUATION];
    for (const char of accepted) expect(criterionIssue(`ab${char}cd`, 'racerIdentifier'), char).toBeNull();
    for (const char of ['@', '<', '%', ';', '!', '"', '*', '+', '=', '$', '[', '\\']) expect(criterionIssue(`ab${char}cd`, 'racerIdentifier'), char).toBe('name_invalid');
    for (const [locale, messages] of [['en', en], ['fr', fr], ['es', es]] as const) {
      const t = createTranslator({ locale, messages, namespace: 'trackside.errors' });
      for (const code of ['name_invalid', 'location_invalid'] as const) {
        const shown = t(code);
        const signs = shown.slice(shown.lastIndexOf(':') + 1).trim().split(/\s+/);
        expect(new Set(signs), `${locale} ${code}: ${shown}`).toEqual(new Set(accepted));
      }
    }
  });
  it('every issue has its message in English, French and Spanish, each its own', () => {
    for (const code of CRITERION_ISSUES) {
      const texts = [en, fr, es].map((m) => (m.trackside.errors as Record<string, string>)[code]);
      for (const text of texts) expect(text, code).toMatch(/\S/);
      expect(new Set(texts).size, code).toBe(3);
    }
  });
});

describe('the form schema (zodResolver)', () => {
  it('puts the issue code on the criterion', () => {
    const result = tracksideSearchForm.safeParse({ type: 'state', criterion: 'x' });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([expect.objectContaining({ path: ['criterion'], message: 'location_too_short' })]);
    expect(tracksideSearchForm.safeParse({ type: 'racerIdentifier', criterion: 'Martel' }).success).toBe(true);
  });
});

describe('buildSearchRequest', () => {
  it('sends the cleaned criterion as name or location, and orgId when configured', () => {
    expect(buildSearchRequest('racerIdentifier', '  Chloé  Martel! ', 1)).toEqual({ name: 'chloé martel', orgId: 1 });
    expect(buildSearchRequest('state', 'Terrebonne', '3')).toEqual({ location: 'terrebonne', orgId: 3 });
    expect(buildSearchRequest('bogus', 'Terrebonne', null)).toEqual({ name: 'terrebonne' });
    expect(buildSearchRequest('state', 'ON', '  ')).toEqual({ location: 'on' });
    expect(buildSearchRequest('state', 'ON', null, 2)).toEqual({ location: 'on', page: 2 });
  });
  it('makes no request when the criterion cleans to nothing', () => {
    expect(buildSearchRequest('racerIdentifier', '!!!', 1)).toBeNull();
    expect(buildSearchRequest('state', '', 1)).toBeNull();
  });
});

describe('the route body (POST user/searchUsers)', () => {
  it('takes name or location with orgId, page and size defaults', () => {
    expect(tracksideSearchRequest.parse({ name: 'martel' })).toEqual({ name: 'martel', page: 1, size: 20 });
    expect(tracksideSearchRequest.parse({ location: 'qc', orgId: 1, page: 2, size: 5 })).toEqual({ location: 'qc', orgId: 1, page: 2, size: 5 });
  });
  it('refuses a body without either, a string orgId, a huge criterion, a bad page', () => {
    expect(tracksideSearchRequest.safeParse({}).error?.issues[0]).toEqual(expect.objectContaining({ path: ['name'], message: 'Please provide the name' }));
    expect(tracksideSearchRequest.safeParse({ name: 'ab', orgId: '1' }).error?.issues[0].message).toBe('The provided organization id is invalid');
    expect(tracksideSearchRequest.safeParse({ name: 'ab', orgId: 1.5 }).success).toBe(false);
    expect(tracksideSearchRequest.safeParse({ name: 'x'.repeat(501) }).error?.issues[0].message).toBe('The provided name is invalid');
    expect(tracksideSearchRequest.safeParse({ location: 3 }).error?.issues[0].message).toBe('The provided location is invalid');
    expect(tracksideSearchRequest.safeParse({ name: 'ab', page: 0 }).error?.issues[0].message).toBe('The provided page is invalid');
    expect(tracksideSearchRequest.safeParse({ name: 'ab', size: 101 }).error?.issues[0].message).toBe('The provided size is invalid');
  });
  it('refuses a criterion of one character once cleaned (the form says too short; one letter would read every racer)', () => {
    expect(tracksideSearchRequest.safeParse({ name: 'a' }).error?.issues[0]).toEqual(expect.objectContaining({ path: ['name'], message: 'The provided name is invalid' }));
    expect(tracksideSearchRequest.safeParse({ location: ' Q! ' }).error?.issues[0]).toEqual(
      expect.objectContaining({ path: ['location'], message: 'The provided location is invalid' }),
    );
    expect(tracksideSearchRequest.safeParse({ name: 'É' }).success).toBe(false);
    // Two characters, or nothing left at all (an empty list, no query: spec §5), are searched.
    expect(searchableCriterion('ab')).toBe(true);
    expect(searchableCriterion('!!!')).toBe(true);
    expect(tracksideSearchRequest.safeParse({ name: '!!!' }).success).toBe(true);
    expect(tracksideSearchRequest.safeParse({ name: 'a b' }).success).toBe(true);
  });
});

describe('the search in the address (?type=&q=&page=)', () => {
  it('keeps the page from 2 on', () => {
    expect(tracksideSearchHref('state', ' Val-d’Or ', 1)).toBe('/liveonlivelaps?tab=0&type=state&q=Val-d%E2%80%99Or');
    expect(tracksideSearchHref('bogus', 'lev', 3)).toBe('/liveonlivelaps?tab=0&type=racerIdentifier&q=lev&page=3');
  });
  it('reads the page as a whole number from 1, else 1', () => {
    expect(searchPageFromQuery('3')).toBe(3);
    expect(searchPageFromQuery(['2', '5'])).toBe(2);
    for (const bad of ['0', '-1', '1.5', 'x', '', '9999999', undefined, null]) expect(searchPageFromQuery(bad), String(bad)).toBe(1);
  });
});

describe('the laps reply', () => {
  it('names the racer’s entry in the race (their live board row)', () => {
    expect(racerLaps.parse({ race: null, entryId: null, laps: [] })).toEqual({ race: null, entryId: null, laps: [] });
    expect(racerLaps.safeParse({ race: null, laps: [] }).success).toBe(false);
  });
});

describe('the tab set (spec §2)', () => {
  it('offers home, results, laps and points to everyone', () => {
    expect(TRACKSIDE_TABS).toEqual(['home', 'results', 'laps', 'points']);
    expect(tracksideTabs(false)).toEqual(TRACKSIDE_TABS);
  });
  it('adds profile (4) for a logged-in participant', () => {
    expect(tracksideTabs(true)).toEqual(['home', 'results', 'laps', 'points', 'profile']);
    expect(PROFILE_TAB).toBe(4);
    expect(tracksideTab('4', true)).toBe(4);
    expect(tracksideTab(['4'], true)).toBe(4);
    for (const bad of ['5', '-1', '4.0', 'x', undefined]) expect(tracksideTab(bad, true)).toBe(0);
    // Without a profile, ?tab=4 opens home as before.
    expect(tracksideTab('4', false)).toBe(0);
  });
  it('reads the tab from a numeric query value in range, else home', () => {
    expect(tracksideTab('2')).toBe(2);
    expect(tracksideTab(['3', '1'])).toBe(3);
    for (const bad of ['4', '9', '-1', '1.5', 'x', '', undefined, null]) expect(tracksideTab(bad)).toBe(0);
  });
  it('reads the racer id and builds tab links keeping it', () => {
    expect(racerFromQuery('231')).toBe(231);
    expect(racerFromQuery('01')).toBeNull();
    expect(racerFromQuery(undefined)).toBeNull();
    expect(tracksideHref(1, 231)).toBe('/liveonlivelaps?tab=1&racer=231');
    expect(tracksideHref(0, null)).toBe('/liveonlivelaps?tab=0');
  });
});
