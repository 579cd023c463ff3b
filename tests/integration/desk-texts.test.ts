/**
 * Club, organization and membership type texts on the promoter's desk against a real database
 * through the API app (issue 25 "French and Spanish data: descriptions of events, classes, clubs,
 * organizations and membership types per language (the desk edits them; English fallback)"): a
 * promoter's staff saves their club's French and Spanish texts and the club's public page shows
 * each language's text (English where none is written), with an audit record and the club's page
 * revalidated; their organization's and its membership types' texts likewise; another promoter's
 * staff is refused (404) and changes nothing; a body too long or of the wrong types is refused
 * with codes (400) and writes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deskCall, deskLogin, setUpDeskDatabase, type Api, type Sql } from './desk-kit';

const db = setUpDeskDatabase('desk-texts');

let api: Api;
let sql: Sql;
type Club = { promoterId: number; userId: number; organizationId: number; typeId: number; cookie: string };
let mine: Club;
let theirs: Club;

/** A new organization with a membership type and a club (promoter), and a staff login of the club. */
async function club(n: number): Promise<Club> {
  const [org] = await sql(`insert into organizations (name, description) values ($1, 'The organization.') returning id`, [`Texts Federation ${n}`]);
  const [type] = await sql(`insert into membership_types (organization_id, name, description, price_cents) values ($1, 'Season rider', 'Races all season.', 9000) returning id`, [org!.id]);
  const userId = 991_000 + n;
  const [promoter] = await sql(`insert into promoters (user_id, organization_id, name, description) values ($1, $2, $3, 'A club by the river.') returning id`, [userId, org!.id, `Texts Club ${n}`]);
  const login = await deskLogin(sql, 'promoter', userId);
  return { promoterId: promoter!.id as number, userId, organizationId: org!.id as number, typeId: type!.id as number, cookie: login.cookie };
}

beforeAll(async () => {
  ({ api, sql } = db);
  mine = await club(1);
  theirs = await club(2);
});

/** The club's about text and name as its public page (/promoters/{userId}) shows them in `locale`. */
async function publicClub(userId: number, locale: string) {
  const { getPublicPromoter } = await import('../../lib/server/promoters');
  const { inLocale } = await import('../../lib/contracts/translations');
  const p = (await getPublicPromoter(userId))!;
  return { name: inLocale(p.name, p.names, locale), about: inLocale(p.description, p.descriptions, locale) };
}

const CLUB = {
  nameFr: 'Club de la rivière 1',
  nameEs: 'Club del río 1',
  description: 'A club by the river, racing since 1988.',
  descriptionFr: 'Un club au bord de la rivière, en course depuis 1988.',
  descriptionEs: 'Un club a orillas del río, compitiendo desde 1988.',
};

describe('club texts on the desk', () => {
  it('lists the login’s club and organization with their membership types, and nobody else’s', async () => {
    const listed = await deskCall(api, 'GET', '/desk/texts', { cookie: mine.cookie });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body).toEqual({
      clubs: [{ id: mine.promoterId, userId: mine.userId, name: 'Texts Club 1', nameFr: null, nameEs: null, description: 'A club by the river.', descriptionFr: null, descriptionEs: null }],
      organizations: [
        {
          id: mine.organizationId,
          name: 'Texts Federation 1',
          nameFr: null,
          nameEs: null,
          description: 'The organization.',
          descriptionFr: null,
          descriptionEs: null,
          membershipTypes: [{ id: mine.typeId, name: 'Season rider', nameFr: null, nameEs: null, description: 'Races all season.', descriptionFr: null, descriptionEs: null }],
        },
      ],
    });
    expect((await deskCall(api, 'GET', '/desk/texts')).status).toBe(401);
  });

  it('shows the club’s French text on French pages, the Spanish on Spanish ones, the English on English ones, with an audit record', async () => {
    db.published.length = 0;
    const saved = await deskCall(api, 'PUT', `/desk/texts/clubs/${mine.promoterId}`, { cookie: mine.cookie, body: CLUB });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ id: mine.promoterId, changed: true });
    expect(await publicClub(mine.userId, 'fr')).toEqual({ name: CLUB.nameFr, about: CLUB.descriptionFr });
    expect(await publicClub(mine.userId, 'es')).toEqual({ name: CLUB.nameEs, about: CLUB.descriptionEs });
    expect(await publicClub(mine.userId, 'en')).toEqual({ name: 'Texts Club 1', about: CLUB.description });
    expect(db.published).toEqual(expect.arrayContaining([`promoter:${mine.userId}`, `organization:${mine.organizationId}`, 'events']));

    const audit = await sql(`select user_id is not null as by, promoter_id, event_id, entity, entity_id, action, "before", "after" from desk_audit where entity = 'promoter' and entity_id = $1`, [mine.promoterId]);
    expect(audit).toEqual([
      {
        by: true,
        promoter_id: mine.promoterId,
        event_id: null,
        entity: 'promoter',
        entity_id: mine.promoterId,
        action: 'update',
        before: { name: 'Texts Club 1', nameFr: null, nameEs: null, description: 'A club by the river.', descriptionFr: null, descriptionEs: null },
        after: { name: 'Texts Club 1', ...CLUB },
      },
    ]);

    // The same texts again: nothing changed, nothing recorded.
    const again = await deskCall(api, 'PUT', `/desk/texts/clubs/${mine.promoterId}`, { cookie: mine.cookie, body: { ...CLUB, nameFr: `  ${CLUB.nameFr} ` } });
    expect(again.body).toEqual({ id: mine.promoterId, changed: false });
    expect(await sql(`select 1 from desk_audit where entity = 'promoter' and entity_id = $1`, [mine.promoterId])).toHaveLength(1);

    // A blank Spanish text falls back to the English one.
    await deskCall(api, 'PUT', `/desk/texts/clubs/${mine.promoterId}`, { cookie: mine.cookie, body: { ...CLUB, nameEs: '', descriptionEs: '   ' } });
    expect(await publicClub(mine.userId, 'es')).toEqual({ name: 'Texts Club 1', about: CLUB.description });
    expect((await sql('select names, descriptions from promoters where id = $1', [mine.promoterId]))[0]).toEqual({ names: { fr: CLUB.nameFr }, descriptions: { fr: CLUB.descriptionFr } });
  });

  it('answers 404 for another promoter’s club, organization or membership type, like an unknown one, and changes nothing', async () => {
    const before = await sql('select id, names, descriptions, description from promoters where id = $1 union all select id, names, descriptions, description from organizations where id = $2', [theirs.promoterId, theirs.organizationId]);
    const audits = (await sql('select count(*)::int as n from desk_audit'))[0]!.n;
    for (const route of [`/desk/texts/clubs/${theirs.promoterId}`, `/desk/texts/organizations/${theirs.organizationId}`, `/desk/texts/membership-types/${theirs.typeId}`, '/desk/texts/clubs/2147483600']) {
      const reply = await deskCall(api, 'PUT', route, { cookie: mine.cookie, body: { ...CLUB, descriptionFr: 'Pris' } });
      expect(reply.status, route).toBe(404);
      expect(reply.body).toMatchObject({ error: 'not_found' });
    }
    expect(await sql('select id, names, descriptions, description from promoters where id = $1 union all select id, names, descriptions, description from organizations where id = $2', [theirs.promoterId, theirs.organizationId])).toEqual(before);
    expect((await sql('select count(*)::int as n from desk_audit'))[0]!.n).toBe(audits);
    // Not logged in: 401 before anything is read.
    expect((await deskCall(api, 'PUT', `/desk/texts/clubs/${mine.promoterId}`, { body: CLUB })).status).toBe(401);
  });

  it('refuses texts too long or of the wrong types with codes, writing nothing', async () => {
    const before = (await sql('select names, descriptions, description from promoters where id = $1', [mine.promoterId]))[0];
    const audits = (await sql('select count(*)::int as n from desk_audit'))[0]!.n;
    const bad = await deskCall(api, 'PUT', `/desk/texts/clubs/${mine.promoterId}`, { cookie: mine.cookie, body: { nameFr: 'N'.repeat(121), nameEs: 42, description: 'x'.repeat(5001), descriptionFr: ['a'], descriptionEs: 'Bien\u0000' } });
    expect(bad.status).toBe(400);
    expect(bad.body!.issues).toEqual(
      expect.arrayContaining([
        { path: ['nameFr'], code: 'invalid_name_fr' },
        { path: ['nameEs'], code: 'invalid_name_es' },
        { path: ['description'], code: 'invalid_description' },
        { path: ['descriptionFr'], code: 'invalid_description_fr' },
        { path: ['descriptionEs'], code: 'invalid_description_es' },
      ]),
    );
    // A membership type's description is shorter than an about text.
    const type = await deskCall(api, 'PUT', `/desk/texts/membership-types/${mine.typeId}`, { cookie: mine.cookie, body: { description: 'x'.repeat(1001) } });
    expect(type.body!.issues).toEqual([{ path: ['description'], code: 'invalid_description' }]);
    expect((await sql('select names, descriptions, description from promoters where id = $1', [mine.promoterId]))[0]).toEqual(before);
    expect((await sql('select description from membership_types where id = $1', [mine.typeId]))[0]).toEqual({ description: 'Races all season.' });
    expect((await sql('select count(*)::int as n from desk_audit'))[0]!.n).toBe(audits);
  });

  it('saves the organization’s and its membership types’ texts, shown per language on its public pages', async () => {
    db.published.length = 0;
    const org = await deskCall(api, 'PUT', `/desk/texts/organizations/${mine.organizationId}`, {
      cookie: mine.cookie,
      body: { nameFr: 'Fédération des textes 1', nameEs: 'Federación de textos 1', description: 'The organization.', descriptionFr: 'L’organisation.', descriptionEs: 'La organización.' },
    });
    expect(org.body).toEqual({ id: mine.organizationId, changed: true });
    expect(db.published).toEqual(expect.arrayContaining([`organization:${mine.organizationId}`, `promoter:${mine.userId}`, 'events']));
    const type = await deskCall(api, 'PUT', `/desk/texts/membership-types/${mine.typeId}`, { cookie: mine.cookie, body: { nameFr: 'Pilote saisonnier', nameEs: null, description: 'Races all season.', descriptionFr: 'Course toute la saison.' } });
    expect(type.body).toEqual({ id: mine.typeId, changed: true });

    const { getPublicOrganization, listMembershipTypes } = await import('../../lib/server/organizations');
    const { inLocale } = await import('../../lib/contracts/translations');
    const shown = await getPublicOrganization(mine.organizationId);
    expect(inLocale(shown!.name, shown!.names, 'fr')).toBe('Fédération des textes 1');
    expect(inLocale(shown!.description, shown!.descriptions, 'es')).toBe('La organización.');
    const [listed] = await listMembershipTypes(mine.organizationId);
    expect([inLocale(listed!.name, listed!.names, 'fr'), inLocale(listed!.name, listed!.names, 'es'), inLocale(listed!.description, listed!.descriptions, 'fr')]).toEqual(['Pilote saisonnier', 'Season rider', 'Course toute la saison.']);
    expect(await sql(`select entity, entity_id, promoter_id from desk_audit where entity in ('organization', 'membership_type') order by id`)).toEqual([
      { entity: 'organization', entity_id: mine.organizationId, promoter_id: mine.promoterId },
      { entity: 'membership_type', entity_id: mine.typeId, promoter_id: mine.promoterId },
    ]);
  });
});
