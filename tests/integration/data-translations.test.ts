/**
 * French and Spanish data on a real database (issue 25 "descriptions of events, classes, clubs,
 * organizations and membership types per language (the desk edits them; English fallback); the
 * federation's name … per language"): the seed gives the federation its content-service name in
 * three languages and the sample rows their translations; a database seeded before gets them at
 * its next start without losing an administrator's texts; the public reads carry them; the desk
 * saves a class's French and Spanish descriptions and a blank one falls back to English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inLocale } from '../../lib/contracts/translations';
import { connectDb, type Db } from '../../lib/server/db';
import { FEDERATION, FEDERATION_DETAILS, translateSeededData } from '../../lib/server/seed';
import { CLASS_GROUPS, CLUBS, MEMBERSHIP_TYPES } from '../../lib/server/seed/sample-data';
import { deskCall, deskLogin, setUpDeskDatabase } from './desk-kit';

const ctx = setUpDeskDatabase('data-translations');
let conn: { db: Db; close: () => Promise<void> };
beforeAll(() => {
  conn = connectDb(ctx.url, 2);
});
afterAll(async () => {
  await conn?.close();
});

/** The French text of a jsonb translations column as `pg` returns it. */
const frOf = (value: unknown) => (value as { fr?: string }).fr;

const AA = CLASS_GROUPS.flatMap((g) => g.classes).find((c) => c.name === 'AA')!;
const PINS = CLUBS.find((c) => c.name === 'Club de motocross des Pins')!;
const ADULT = MEMBERSHIP_TYPES.find((t) => t.key === 'adult')!;

describe('the seed’s French and Spanish data', () => {
  it('names the federation as the content service does, in three languages, with its about text translated', async () => {
    const [org] = await ctx.sql(`select o.name, o.names, o.descriptions from organizations o join promoters p on p.organization_id = o.id where p.user_id = 1`);
    expect(org).toMatchObject({ name: 'Federation of Off-Road Motorcycle and Quad Racing', names: { fr: 'Fédération de course moto et quad hors route', es: 'Federación de Carreras de Motos y Cuatrimotos Todoterreno' } });
    expect(frOf(org!.descriptions)).toMatch(/^La Fédération de course moto et quad hors route \(FMQR\) a été fondée en 1971/);
    const [promoter] = await ctx.sql(`select name, names from promoters where user_id = 1`);
    expect(promoter).toMatchObject({ name: FEDERATION.name, names: FEDERATION.names });
  });

  it('gives the sample clubs, classes, membership types and events their French and Spanish texts', async () => {
    const [club] = await ctx.sql(`select descriptions from promoters where user_id = $1`, [PINS.userId]);
    expect(frOf(club!.descriptions)).toMatch(/^Le Club de motocross des Pins exploite le Motoparc des Pins/);
    // AA was created by the Pine Hill results (a real class) and completed by the sample seed.
    const [aa] = await ctx.sql(`select description, descriptions from classes where name = 'AA'`);
    expect(aa).toMatchObject({ description: AA.description, descriptions: AA.descriptions });
    const [type] = await ctx.sql(`select names, descriptions from membership_types where name = $1`, [ADULT.name]);
    expect(type).toMatchObject({ names: { fr: 'Licence annuelle – adulte', es: 'Licencia anual – adulto' } });
    const [event] = await ctx.sql(`select descriptions from events where name = 'Enduro des Laurentides' limit 1`);
    expect(frOf(event!.descriptions)).toMatch(/^Première manche de la Coupe Northline d’enduro/);
  });

  it('upgrades a database seeded before: the old English name and the missing translations, never an administrator’s text', async () => {
    // The database as the previous version left it, and two rows an administrator changed since.
    await ctx.sql(`update organizations set name = 'Off-Road Motorcycle and Quad Racing Federation', names = '{}', descriptions = '{}' where id = (select organization_id from promoters where user_id = 1)`);
    await ctx.sql(`update promoters set name = 'Off-Road Motorcycle and Quad Racing Federation', names = '{}' where user_id = 1`);
    await ctx.sql(`update promoters set descriptions = '{}'`);
    await ctx.sql(`update classes set descriptions = '{}'`);
    await ctx.sql(`update membership_types set names = '{}', descriptions = '{}'`);
    await ctx.sql(`update events set descriptions = '{}'`);
    await ctx.sql(`update classes set description = 'Our own text for the experts.' where name = 'AA'`);
    await ctx.sql(`update promoters set descriptions = '{"fr":"Notre propre texte."}' where user_id = $1`, [PINS.userId]);

    expect(await translateSeededData(conn.db, 1)).toBeGreaterThan(50);

    const [org] = await ctx.sql(`select o.name, o.names, o.descriptions from organizations o join promoters p on p.organization_id = o.id where p.user_id = 1`);
    expect(org).toMatchObject({ name: FEDERATION.name, names: FEDERATION.names, descriptions: FEDERATION_DETAILS.descriptions });
    expect((await ctx.sql(`select name, names from promoters where user_id = 1`))[0]).toMatchObject({ name: FEDERATION.name, names: FEDERATION.names });
    expect((await ctx.sql(`select descriptions from classes where name = 'AA'`))[0]!.descriptions).toEqual({});
    expect(frOf((await ctx.sql(`select descriptions from classes where name = 'A 250'`))[0]!.descriptions)).toBe('Pilotes A (expert) sur motos jusqu’à 250 cc.');
    expect((await ctx.sql(`select descriptions from promoters where user_id = $1`, [PINS.userId]))[0]!.descriptions).toEqual({ fr: 'Notre propre texte.' });
    expect((await ctx.sql(`select names from membership_types where name = $1`, [ADULT.name]))[0]!.names).toEqual(ADULT.names);
    // A second run changes nothing.
    expect(await translateSeededData(conn.db, 1)).toBe(0);
  });

  it('carries the translations in the public reads, and English where there is none', async () => {
    const { getPublicOrganization, listOrganizationClasses, listMembershipTypes } = await import('../../lib/server/organizations');
    const [{ id }] = (await ctx.sql(`select organization_id as id from promoters where user_id = 1`)) as [{ id: number }];
    const org = (await getPublicOrganization(id))!;
    expect(inLocale(org.name, org.names, 'fr')).toBe('Fédération de course moto et quad hors route');
    expect(inLocale(org.name, org.names, 'en')).toBe('Federation of Off-Road Motorcycle and Quad Racing');
    const classes = await listOrganizationClasses(id);
    const a250 = classes.groups.flatMap((g) => g.classes).find((c) => c.name === 'A 250')!;
    expect(inLocale(a250.description, a250.descriptions, 'es')).toBe('Pilotos A (experto) en motos de hasta 250 cc.');
    const aa = classes.groups.flatMap((g) => g.classes).find((c) => c.name === 'AA')!;
    expect(inLocale(aa.description, aa.descriptions, 'fr')).toBe('Our own text for the experts.');
    const types = await listMembershipTypes(id);
    const adult = types.find((t) => t.name === ADULT.name)!;
    expect(inLocale(adult.name, adult.names, 'fr')).toBe('Licence annuelle – adulte');
  });
});

describe('a class’s French and Spanish descriptions on the desk', () => {
  it('saves them, lists them, and a blank one shows the English text', async () => {
    const [org] = await ctx.sql(`insert into organizations (name) values ('Translation Club Org') returning id`);
    const userId = 991_501;
    await ctx.sql(`insert into promoters (user_id, organization_id, name) values ($1, $2, 'Translation Club')`, [userId, org!.id]);
    const { cookie } = await deskLogin(ctx.sql, 'promoter', userId);
    const body = { name: 'Vet 50+', classGroup: null, description: 'Riders aged 50 and over.', descriptionFr: 'Pilotes de 50 ans et plus.', descriptionEs: '  ', minAge: 50, maxAge: null };
    const created = await deskCall(ctx.api, 'POST', `/desk/organizations/${org!.id}/classes`, { cookie, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const classId = created.body!.id as number;
    const [row] = await ctx.sql(`select descriptions from classes where id = $1`, [classId]);
    expect(row!.descriptions).toEqual({ fr: 'Pilotes de 50 ans et plus.' });

    const listed = await deskCall(ctx.api, 'GET', '/desk/organizations', { cookie });
    const classes = (listed.body!.organizations as { classes: { id: number; descriptionFr: string | null; descriptionEs: string | null }[] }[])[0]!.classes;
    expect(classes.find((c) => c.id === classId)).toMatchObject({ descriptionFr: 'Pilotes de 50 ans et plus.', descriptionEs: null });

    const { listOrganizationClasses } = await import('../../lib/server/organizations');
    const shown = (await listOrganizationClasses(org!.id as number)).other.find((c) => c.id === classId)!;
    expect(inLocale(shown.description, shown.descriptions, 'fr')).toBe('Pilotes de 50 ans et plus.');
    expect(inLocale(shown.description, shown.descriptions, 'es')).toBe('Riders aged 50 and over.');

    const edited = await deskCall(ctx.api, 'PUT', `/desk/classes/${classId}`, { cookie, body: { ...body, descriptionFr: null, descriptionEs: 'Pilotos de 50 años o más.' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await ctx.sql(`select descriptions from classes where id = $1`, [classId]))[0]!.descriptions).toEqual({ es: 'Pilotos de 50 años o más.' });
    const [audit] = await ctx.sql(`select before, after from desk_audit where entity = 'class' and entity_id = $1 and action = 'update'`, [classId]);
    expect(audit).toMatchObject({ before: { descriptionFr: 'Pilotes de 50 ans et plus.' }, after: { descriptionEs: 'Pilotos de 50 años o más.', descriptionFr: null } });
  });
});
