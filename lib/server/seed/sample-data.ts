/**
 * The sample data seeded around the real results (spec §1 "the federation"; §3 Event,
 * Registration, Series; issue 8): the federation's clubs, class groups and classes, a
 * second, smaller organization with its two clubs, the events of three seasons, riders,
 * membership types and series. Every name, club, venue and address here is fictional but
 * plausible; phone numbers use the 555-01xx range reserved for fiction and the clubs' email
 * addresses and websites the reserved `.example` domain. It agrees with the content service's
 * pages (cms/seed/data.ts): the season opener at Motoparc des Pins in Sainte-Julienne, the final
 * at Valley Ridge MX in Arnprior, the Northline Enduro Cup, the quad cross-country series at
 * Sablière Lavoie, the 2026 youth classes, the 2025 champions.
 *
 * `sample.ts` turns these tables into rows for a given date (`buildSamplePlan`);
 * `sample-results.ts` gives the past events of the current season their results.
 */
import type { EventDiscipline } from '../../contracts/events';
import { MOTOCROSS_POINTS, type SeriesRulesInput } from '../../contracts/series';

/** Which organization a sample row belongs to: the federation (default organization) or the second one. */
export type OrgKey = 'federation' | 'second';

/** Promoter user ids of the sample clubs: never `DEFAULT_PROMOTER_USER_ID` (1). */
export const CLUB_USER_IDS = {
  pins: 2001,
  valleyRidge: 2002,
  enduroLaurentides: 2003,
  quadLanaudiere: 2004,
  ottawaValley: 2005,
  hauteGatineau: 2006,
  sudbury: 2101,
  nipissing: 2102,
} as const;

export interface ClubSeed {
  userId: number;
  org: OrgKey;
  name: string;
  city: string;
  state: string;
  email: string;
  website: string;
  phone: string;
  /** Plain paragraphs separated by blank lines. */
  description: string;
  isPublic: boolean;
}

export const SECOND_ORGANIZATION = {
  name: 'Northern Ontario Off-Road Association',
  city: 'Sudbury',
  state: 'ON',
  country: 'CA',
  address: '85 Elm Street, Suite 204',
  postalCode: 'P3C 1R9',
  phone: '705 555-0148',
  email: 'info@nooa.example',
  website: 'https://nooa.example',
  description: [
    'The Northern Ontario Off-Road Association brings together the trail and hare scramble clubs of Sudbury and Nipissing. It was formed in 1994 to give riders of the north a championship close to home.',
    'The association runs a short hare scramble series each summer on private land lent by its members, with youth, sportsman, veteran and pro classes. It works with the federation on the rules and the officials’ training.',
  ].join('\n\n'),
};

export const CLUBS: ClubSeed[] = [
  {
    userId: CLUB_USER_IDS.pins,
    org: 'federation',
    name: 'Club de motocross des Pins',
    city: 'Sainte-Julienne',
    state: 'QC',
    email: 'info@motocrossdespins.example',
    website: 'https://motocrossdespins.example',
    phone: '450 555-0112',
    description: [
      'The Club de motocross des Pins runs Motoparc des Pins in Sainte-Julienne, the sandy track where the FMQR season opens every May, and the indoor ice race in Saint-Jérôme in December.',
      'Club of the year 2025, it has some 240 members and a youth track for the 50 cc and 65 cc classes. Volunteers are welcome on every race day.',
    ].join('\n\n'),
    isPublic: true,
  },
  {
    userId: CLUB_USER_IDS.valleyRidge,
    org: 'federation',
    name: 'Valley Ridge Motocross Club',
    city: 'Arnprior',
    state: 'ON',
    email: 'racing@valleyridgemx.example',
    website: 'https://valleyridgemx.example',
    phone: '613 555-0127',
    description: [
      'The Valley Ridge Motocross Club operates Valley Ridge MX near Arnprior, in the Ottawa Valley: a 2 km hillside track with natural terrain, home of the championship final every September.',
      'The track opens for members’ practice on Saturdays from May to October.',
    ].join('\n\n'),
    isPublic: true,
  },
  {
    userId: CLUB_USER_IDS.enduroLaurentides,
    org: 'federation',
    name: 'Club Enduro Laurentides',
    city: 'Saint-Donat',
    state: 'QC',
    email: 'info@endurolaurentides.example',
    website: 'https://endurolaurentides.example',
    phone: '819 555-0133',
    description: [
      'The Club Enduro Laurentides maintains some 120 km of forest trails around Lac Ouareau with the permission of the landowners, and organizes two rounds of the Northline Enduro Cup.',
      'Its members clear and mark the loops each spring; trail days are announced on the club’s website.',
    ].join('\n\n'),
    isPublic: true,
  },
  {
    userId: CLUB_USER_IDS.quadLanaudiere,
    org: 'federation',
    name: 'Club Quad Lanaudière',
    city: 'Saint-Lin–Laurentides',
    state: 'QC',
    email: 'courses@quadlanaudiere.example',
    website: 'https://quadlanaudiere.example',
    phone: '450 555-0146',
    description: [
      'The Club Quad Lanaudière organizes the quad cross-country series of the federation, at Sablière Lavoie in Saint-Lin–Laurentides and in the woods of Rawdon.',
      'Youth quads from 70 cc race on a shorter loop in the morning; the Pro and Open classes race for two hours in the afternoon.',
    ].join('\n\n'),
    isPublic: true,
  },
  {
    userId: CLUB_USER_IDS.ottawaValley,
    org: 'federation',
    name: 'Ottawa Valley Dirt Riders',
    city: 'Renfrew',
    state: 'ON',
    email: 'events@ovdirtriders.example',
    website: 'https://ovdirtriders.example',
    phone: '613 555-0158',
    description: [
      'The Ottawa Valley Dirt Riders run the Renfrew motocross round at Bonnechere Motocross Park and the Bonnechere Valley Enduro on the rocky trails near Eganville.',
      'Founded in 1978, the club is one of the oldest in Eastern Ontario.',
    ].join('\n\n'),
    isPublic: true,
  },
  {
    userId: CLUB_USER_IDS.hauteGatineau,
    org: 'federation',
    name: 'Club tout-terrain Haute-Gatineau',
    city: 'Maniwaki',
    state: 'QC',
    email: 'info@ttgatineau.example',
    website: 'https://ttgatineau.example',
    phone: '819 555-0169',
    description: 'A new club whose affiliation to the federation is being reviewed; it is not shown to visitors until the board approves it.',
    isPublic: false,
  },
  {
    userId: CLUB_USER_IDS.sudbury,
    org: 'second',
    name: 'Sudbury Dirt Bike Club',
    city: 'Sudbury',
    state: 'ON',
    email: 'info@sudburydirtbike.example',
    website: 'https://sudburydirtbike.example',
    phone: '705 555-0181',
    description: 'The Sudbury Dirt Bike Club organizes the Sudbury Hare Scramble on the trails around Kelly Lake each June.',
    isPublic: true,
  },
  {
    userId: CLUB_USER_IDS.nipissing,
    org: 'second',
    name: 'Nipissing Trail Riders',
    city: 'North Bay',
    state: 'ON',
    email: 'info@nipissingtrail.example',
    website: 'https://nipissingtrail.example',
    phone: '705 555-0194',
    description: 'The Nipissing Trail Riders maintain the Nipissing Ridge off-road park north of North Bay and close the season with the Nipissing Fall Scramble.',
    isPublic: true,
  },
];

export interface ClassSeed {
  name: string;
  description: string;
  minAge: number | null;
  maxAge: number | null;
  /** Default entry fee in cents (CAD). */
  feeCents: number;
  /** Default capacity; null = no limit. */
  capacity?: number;
  /** How many sample riders race in this class. */
  riders: number;
  /** Riders of this class are women. */
  women?: boolean;
}

export interface ClassGroupSeed {
  name: string;
  org: OrgKey;
  sortOrder: number;
  /** The discipline its classes race in (which riders and brands). */
  discipline: 'motocross' | 'enduro' | 'quad' | 'hare-scramble';
  classes: ClassSeed[];
}

/**
 * Class groups and classes. Ages are on January 1 of the season (2026 rulebook). The enduro
 * classes use the names the East Coast Enduro Association's reports use (AA, A 250, A VET 30+ …),
 * so the classes the Pine Hill results created are the same rows, completed here.
 */
export const CLASS_GROUPS: ClassGroupSeed[] = [
  {
    name: 'Motocross',
    org: 'federation',
    sortOrder: 1,
    discipline: 'motocross',
    classes: [
      { name: '50cc Junior', description: 'Automatic 50 cc motorcycles only (new class in 2026).', minAge: 4, maxAge: 6, feeCents: 4500, capacity: 15, riders: 4 },
      { name: '50cc Senior', description: '50 cc motorcycles, automatic or with clutch.', minAge: 7, maxAge: 8, feeCents: 4500, capacity: 20, riders: 5 },
      { name: '65cc', description: '65 cc two-stroke motorcycles.', minAge: 7, maxAge: 11, feeCents: 4500, capacity: 30, riders: 8 },
      { name: '85cc', description: '85 cc two-stroke or 150 cc four-stroke motorcycles, small or big wheels.', minAge: 9, maxAge: 15, feeCents: 5500, riders: 9 },
      { name: 'Supermini', description: 'Up to 112 cc two-stroke or 150 cc four-stroke, big wheels.', minAge: 12, maxAge: 16, feeCents: 5500, riders: 6 },
      { name: '125 Intermediate', description: 'Intermediate licence; 125 cc two-stroke or 250 cc four-stroke.', minAge: 14, maxAge: null, feeCents: 6500, riders: 12 },
      { name: '250 Pro', description: 'Pro licence; 125 cc two-stroke or 250 cc four-stroke.', minAge: 16, maxAge: null, feeCents: 7500, riders: 6 },
      { name: 'Open Pro', description: 'Pro licence; any machine over 125 cc two-stroke or 250 cc four-stroke.', minAge: 16, maxAge: null, feeCents: 7500, riders: 8 },
      { name: 'Vet 30+', description: 'Riders aged 30 and over, any licence, any machine over 125 cc.', minAge: 30, maxAge: null, feeCents: 6500, riders: 10 },
      { name: 'Vet 40+', description: 'Riders aged 40 and over, any licence, any machine over 125 cc.', minAge: 40, maxAge: null, feeCents: 6500, riders: 7 },
      { name: 'Women', description: 'Women aged 12 and over, 85 cc and bigger machines.', minAge: 12, maxAge: null, feeCents: 6500, riders: 8, women: true },
    ],
  },
  {
    name: 'Enduro',
    org: 'federation',
    sortOrder: 2,
    discipline: 'enduro',
    classes: [
      { name: 'AA', description: 'Expert (AA) licence: the fastest enduro riders, any machine, scored for the overall.', minAge: 16, maxAge: null, feeCents: 8500, riders: 5 },
      { name: 'A 250', description: 'A (expert) riders on machines up to 250 cc.', minAge: 16, maxAge: null, feeCents: 8500, riders: 3 },
      { name: 'A 251+', description: 'A (expert) riders on machines over 250 cc.', minAge: 16, maxAge: null, feeCents: 8500, riders: 4 },
      { name: 'A VET 30+', description: 'A (expert) riders aged 30 and over.', minAge: 30, maxAge: null, feeCents: 8500, riders: 4 },
      { name: 'A SR 40+', description: 'A (expert) senior riders aged 40 and over.', minAge: 40, maxAge: null, feeCents: 8500, riders: 3 },
      { name: 'B 250', description: 'B (amateur) riders on machines up to 250 cc.', minAge: 16, maxAge: null, feeCents: 8500, riders: 4 },
      { name: 'B 251+', description: 'B (amateur) riders on machines over 250 cc.', minAge: 16, maxAge: null, feeCents: 8500, riders: 4 },
      { name: 'B VET 30+', description: 'B (amateur) riders aged 30 and over.', minAge: 30, maxAge: null, feeCents: 8500, riders: 5 },
      { name: 'B SR 45+', description: 'B (amateur) senior riders aged 45 and over.', minAge: 45, maxAge: null, feeCents: 8500, riders: 3 },
      { name: 'C 250', description: 'C (novice) riders on machines up to 250 cc.', minAge: 16, maxAge: null, feeCents: 7500, riders: 4 },
      { name: 'C 251+', description: 'C (novice) riders on machines over 250 cc.', minAge: 16, maxAge: null, feeCents: 7500, riders: 3 },
      { name: 'C VET 30+', description: 'C (novice) riders aged 30 and over.', minAge: 30, maxAge: null, feeCents: 7500, riders: 3 },
      { name: 'C JUNIOR 14-17', description: 'C (novice) riders aged 14 to 17, up to 250 cc; a parent or guardian on site.', minAge: 14, maxAge: 17, feeCents: 6000, riders: 4 },
      { name: 'WOMEN', description: 'Women of every level, any machine.', minAge: 14, maxAge: null, feeCents: 7500, riders: 3, women: true },
    ],
  },
  {
    name: 'Quad',
    org: 'federation',
    sortOrder: 3,
    discipline: 'quad',
    classes: [
      { name: 'Quad 70', description: 'Youth quads up to 70 cc, on the youth loop.', minAge: 6, maxAge: 11, feeCents: 4500, capacity: 12, riders: 4 },
      { name: 'Quad 90', description: 'Youth quads up to 90 cc, on the youth loop.', minAge: 8, maxAge: 13, feeCents: 4500, capacity: 15, riders: 5 },
      { name: 'Quad Pro', description: 'Pro licence; any sport quad.', minAge: 16, maxAge: null, feeCents: 7500, riders: 5 },
      { name: 'Quad Open', description: 'Amateur riders on any sport quad.', minAge: 14, maxAge: null, feeCents: 6500, riders: 10 },
      { name: 'Quad Vet 30+', description: 'Riders aged 30 and over on any sport quad.', minAge: 30, maxAge: null, feeCents: 6500, riders: 6 },
      { name: 'Quad Women', description: 'Women aged 14 and over on any sport quad.', minAge: 14, maxAge: null, feeCents: 6500, riders: 4, women: true },
    ],
  },
  {
    name: 'Hare Scramble',
    org: 'second',
    sortOrder: 1,
    discipline: 'hare-scramble',
    classes: [
      { name: 'HS Pro', description: 'Expert riders, two and a half hours on the full loop.', minAge: 16, maxAge: null, feeCents: 6000, riders: 5 },
      { name: 'HS Sportsman', description: 'Amateur riders, two hours on the full loop.', minAge: 14, maxAge: null, feeCents: 6000, riders: 10 },
      { name: 'HS Vet 35+', description: 'Riders aged 35 and over, two hours.', minAge: 35, maxAge: null, feeCents: 6000, riders: 6 },
      { name: 'HS Youth 10-15', description: 'Riders aged 10 to 15 on the short loop, one hour.', minAge: 10, maxAge: 15, feeCents: 4000, riders: 5 },
    ],
  },
];

export interface VenueSeed {
  location: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
}

const VENUES = {
  pins: { location: 'Motoparc des Pins', address: '2850, montée des Pins', city: 'Sainte-Julienne', state: 'QC', postalCode: 'J0K 2T0' },
  lavoie: { location: 'Sablière Lavoie', address: '1120, rang de la Rivière Sud', city: 'Saint-Lin–Laurentides', state: 'QC', postalCode: 'J5M 1Y1' },
  rawdon: { location: 'Sentiers quad de Rawdon', address: '3760, chemin Saint-Alphonse', city: 'Rawdon', state: 'QC', postalCode: 'J0K 1S0' },
  ouareau: { location: 'Domaine du Lac-Ouareau', address: '455, chemin du Lac-Ouareau', city: 'Saint-Donat', state: 'QC', postalCode: 'J0T 2C0' },
  bonnechereMx: { location: 'Bonnechere Motocross Park', address: '1870 Bulger Road', city: 'Renfrew', state: 'ON', postalCode: 'K7V 3Z4' },
  bonnechereTrails: { location: 'Bonnechere Valley Trails', address: '2205 Lake Clear Road', city: 'Eganville', state: 'ON', postalCode: 'K0J 1T0' },
  valleyRidge: { location: 'Valley Ridge MX', address: '3150 Burnstown Road', city: 'Arnprior', state: 'ON', postalCode: 'K7S 3G8' },
  arena: { location: 'Aréna des Pionniers', address: '1700, rue des Pionniers', city: 'Saint-Jérôme', state: 'QC', postalCode: 'J7Y 3L1' },
  kellyLake: { location: 'Kelly Lake Trails', address: '1500 Kelly Lake Road', city: 'Sudbury', state: 'ON', postalCode: 'P3E 5P4' },
  nipissing: { location: 'Nipissing Ridge Off-Road Park', address: '310 Birchs Road', city: 'North Bay', state: 'ON', postalCode: 'P1B 8Z4' },
} satisfies Record<string, VenueSeed>;

/** A class an event offers, with its fee and capacity when they differ from the class's own. */
export type OfferSeed = string | { name: string; feeCents?: number; capacity?: number };

/** Online registration of an event (next season, or the ice race while it is upcoming). */
export interface RegistrationSeed {
  /** Closing day: this many days before the start; null: the day before (the default rule). */
  closesDaysBefore: number | null;
  /** Registration already closed on the seed's date (closing day: the day before it). */
  alreadyClosed?: boolean;
}

export interface EventSeed {
  key: string;
  clubUserId: number;
  name: string;
  discipline: EventDiscipline;
  /** The `n`-th `weekday` (0 = Sunday, 6 = Saturday) of `month`. */
  date: { month: number; weekday: number; n: number };
  days: 1 | 2;
  venue: VenueSeed;
  description: string;
  trackLengthKm?: number;
  /** Class names, or class group names for every class of the group. */
  offers: OfferSeed[];
  /** Held in every season (default) or only in the current one. */
  currentSeasonOnly?: boolean;
  isPublic?: boolean;
  /** Online registration in the next season. */
  nextSeasonRegistration?: RegistrationSeed;
  /** Online registration while the event is upcoming in the current season. */
  upcomingRegistration?: RegistrationSeed;
  /** Races are heats (ice race) rather than motos. */
  heats?: boolean;
  /** Gates at the start (start grid): riders pick one each. */
  gates?: number;
  /**
   * When past, its results arrive as a timing import would give them (`sample-results.ts`): new
   * participant records, without membership, with the riders' names and numbers. Series
   * standings must then match the riders by name, number and class.
   */
  resultsAsImport?: boolean;
}

const SAT = 6;
const SUN = 0;

export const ICE_RACE_NAME = 'Grand Prix sur glace de Saint-Jérôme';
export const HIDDEN_EVENT_NAME = 'Valley Ridge Members’ Practice Day';

export const EVENTS: EventSeed[] = [
  {
    key: 'mx-pins',
    clubUserId: CLUB_USER_IDS.pins,
    name: 'Motocross des Pins',
    discipline: 'motocross',
    date: { month: 5, weekday: SAT, n: 3 },
    days: 2,
    venue: VENUES.pins,
    description:
      'Opening round of the FMQR motocross championship. Practice on Saturday morning, youth and amateur motos on Saturday afternoon, Pro, Intermediate and Vet motos on Sunday.',
    trackLengthKm: 1.9,
    offers: ['Motocross'],
    nextSeasonRegistration: { closesDaysBefore: 3 },
  },
  {
    key: 'quad-lavoie',
    clubUserId: CLUB_USER_IDS.quadLanaudiere,
    name: 'Quad Cross-Country Sablière Lavoie',
    discipline: 'quad',
    date: { month: 5, weekday: SUN, n: 4 },
    days: 1,
    venue: VENUES.lavoie,
    description: 'Opening round of the quad cross-country series on a sandy 9.5 km loop: two hours for the Pro and Open classes, 45 minutes for the youth quads.',
    trackLengthKm: 9.5,
    offers: ['Quad'],
    nextSeasonRegistration: { closesDaysBefore: null },
  },
  {
    key: 'enduro-laurentides',
    clubUserId: CLUB_USER_IDS.enduroLaurentides,
    name: 'Enduro des Laurentides',
    discipline: 'enduro',
    date: { month: 6, weekday: SUN, n: 1 },
    days: 1,
    venue: VENUES.ouareau,
    description: 'First round of the Northline Enduro Cup: about 80 km of forest trails in three loops with timed special tests. Riders leave by rows, one row every minute.',
    offers: ['Enduro'],
    nextSeasonRegistration: { closesDaysBefore: 7 },
  },
  {
    key: 'mx-renfrew',
    clubUserId: CLUB_USER_IDS.ottawaValley,
    name: 'Renfrew Motocross',
    discipline: 'motocross',
    date: { month: 6, weekday: SAT, n: 3 },
    days: 2,
    venue: VENUES.bonnechereMx,
    description: 'Second round of the motocross championship on a hard-pack Ottawa Valley track, with the youth classes on their own track beside it.',
    trackLengthKm: 1.7,
    offers: ['Motocross'],
    nextSeasonRegistration: { closesDaysBefore: null, alreadyClosed: true },
    resultsAsImport: true,
  },
  {
    key: 'practice-valley-ridge',
    clubUserId: CLUB_USER_IDS.valleyRidge,
    name: HIDDEN_EVENT_NAME,
    discipline: 'motocross',
    date: { month: 7, weekday: SAT, n: 1 },
    days: 1,
    venue: VENUES.valleyRidge,
    description: 'Practice day for club members only, with timed practice from the gate. Not open to the public.',
    trackLengthKm: 2.0,
    offers: [
      { name: 'Open Pro', feeCents: 3000 },
      { name: '125 Intermediate', feeCents: 3000 },
      { name: 'Vet 30+', feeCents: 3000 },
    ],
    currentSeasonOnly: true,
    isPublic: false,
  },
  {
    key: 'quad-rawdon',
    clubUserId: CLUB_USER_IDS.quadLanaudiere,
    name: 'Quad Cross-Country de Rawdon',
    discipline: 'quad',
    date: { month: 7, weekday: SUN, n: 2 },
    days: 1,
    venue: VENUES.rawdon,
    description: 'Second round of the quad cross-country series, through the woods and the sand pit of Rawdon.',
    trackLengthKm: 11.2,
    offers: ['Quad'],
  },
  {
    key: 'enduro-bonnechere',
    clubUserId: CLUB_USER_IDS.ottawaValley,
    name: 'Bonnechere Valley Enduro',
    discipline: 'enduro',
    date: { month: 8, weekday: SUN, n: 1 },
    days: 1,
    venue: VENUES.bonnechereTrails,
    description: 'Second round of the Northline Enduro Cup: rocky Canadian Shield trails, two loops of about 45 km.',
    offers: ['Enduro'],
  },
  {
    key: 'mx-valley-ridge',
    clubUserId: CLUB_USER_IDS.valleyRidge,
    name: 'Valley Ridge MX Final',
    discipline: 'motocross',
    date: { month: 9, weekday: SAT, n: 2 },
    days: 2,
    venue: VENUES.valleyRidge,
    description: 'Final round of the motocross championship: the titles are decided on Sunday afternoon.',
    trackLengthKm: 2.0,
    offers: ['Motocross'],
  },
  {
    key: 'enduro-automne',
    clubUserId: CLUB_USER_IDS.enduroLaurentides,
    name: 'Enduro d’automne de Saint-Donat',
    discipline: 'enduro',
    date: { month: 10, weekday: SUN, n: 1 },
    days: 1,
    venue: VENUES.ouareau,
    description: 'Final round of the Northline Enduro Cup in the autumn colours of the Laurentians.',
    offers: ['Enduro'],
  },
  {
    key: 'ice-race',
    clubUserId: CLUB_USER_IDS.pins,
    name: ICE_RACE_NAME,
    discipline: 'motocross',
    date: { month: 12, weekday: SAT, n: 1 },
    days: 1,
    venue: VENUES.arena,
    description:
      'Indoor ice race on a 400 m oval in the arena: motorcycles and quads on studded tires, gate start, four-lap heats and a final per class. The start grid (gate picks, drawn when registration closes) is published on the event page.',
    trackLengthKm: 0.4,
    offers: [
      { name: 'Open Pro', feeCents: 5500, capacity: 16 },
      { name: '125 Intermediate', feeCents: 5000, capacity: 16 },
      { name: 'Vet 30+', feeCents: 5000, capacity: 16 },
      { name: 'Women', feeCents: 5000, capacity: 12 },
      { name: 'Quad Open', feeCents: 5000, capacity: 12 },
    ],
    currentSeasonOnly: true,
    upcomingRegistration: { closesDaysBefore: 5 },
    heats: true,
    gates: 16,
  },
  {
    key: 'hs-sudbury',
    clubUserId: CLUB_USER_IDS.sudbury,
    name: 'Sudbury Hare Scramble',
    discipline: 'hare-scramble',
    date: { month: 6, weekday: SAT, n: 4 },
    days: 1,
    venue: VENUES.kellyLake,
    description: 'Hare scramble on a 12 km loop of rock, roots and sand around Kelly Lake. Dead-engine start by rows.',
    trackLengthKm: 12,
    offers: ['Hare Scramble'],
    nextSeasonRegistration: { closesDaysBefore: null },
  },
  {
    key: 'hs-nipissing',
    clubUserId: CLUB_USER_IDS.nipissing,
    name: 'Nipissing Fall Scramble',
    discipline: 'hare-scramble',
    date: { month: 9, weekday: SAT, n: 3 },
    days: 1,
    venue: VENUES.nipissing,
    description: 'Season finale of the association’s hare scramble series at Nipissing Ridge.',
    trackLengthKm: 10,
    offers: ['Hare Scramble'],
  },
];

export interface MembershipTypeSeed {
  key: string;
  org: OrgKey;
  name: string;
  description: string;
  priceCents: number;
  minAge: number | null;
  maxAge: number | null;
  validity: 'season' | 'event';
}

export const MEMBERSHIP_TYPES: MembershipTypeSeed[] = [
  {
    key: 'adult',
    org: 'federation',
    name: 'Annual licence – adult',
    description: 'Every sanctioned event of the season, with accident insurance during practice and racing. Valid to December 31.',
    priceCents: 16500,
    minAge: 18,
    maxAge: null,
    validity: 'season',
  },
  {
    key: 'youth',
    org: 'federation',
    name: 'Annual licence – youth (under 18)',
    description: 'The annual licence for riders under 18 on January 1; a parent or guardian signs the minor consent.',
    priceCents: 11000,
    minAge: null,
    maxAge: 17,
    validity: 'season',
  },
  {
    key: 'one-event',
    org: 'federation',
    name: 'One-event licence',
    description: 'One race day, to try the sport; its price is credited on an annual licence bought the same season.',
    priceCents: 4000,
    minAge: null,
    maxAge: null,
    validity: 'event',
  },
  {
    key: 'family',
    org: 'federation',
    name: 'Family licence',
    description: 'Annual licences for two adults and their children under 18 living at the same address.',
    priceCents: 29500,
    minAge: null,
    maxAge: null,
    validity: 'season',
  },
  {
    key: 'second-annual',
    org: 'second',
    name: 'Annual membership',
    description: 'Every event of the association’s season, with insurance.',
    priceCents: 7500,
    minAge: 16,
    maxAge: null,
    validity: 'season',
  },
  {
    key: 'second-junior',
    org: 'second',
    name: 'Junior membership',
    description: 'For riders aged 15 and under; a parent or guardian on site.',
    priceCents: 4000,
    minAge: null,
    maxAge: 15,
    validity: 'season',
  },
  {
    key: 'second-day',
    org: 'second',
    name: 'Day pass',
    description: 'One event, insurance included.',
    priceCents: 2500,
    minAge: null,
    maxAge: null,
    validity: 'event',
  },
];

/** Member number prefixes: `FMQR-2026-0042`, `NOOA-2026-017`. */
export const MEMBER_PREFIX: Record<OrgKey, string> = { federation: 'FMQR', second: 'NOOA' };

/**
 * Series (championships) of the sample clubs, with their rules as data (`series.rules`,
 * lib/contracts/series.ts `seriesRules`; issue 9).
 */
export interface SeriesSeed {
  key: string;
  clubUserId: number;
  name: (year: number) => string;
  season: 'current' | 'next';
  eventKeys: string[];
  /** Class group whose classes are scored. */
  classGroup: string;
  /**
   * `rules.classes` lists the class group's classes by name (`list`), or the rules name the
   * group in `classGroups` instead (`group`).
   */
  classesBy: 'list' | 'group';
  /** The other rules; defaults (lib/contracts/series.ts) for what is left out. */
  rules: Omit<SeriesRulesInput, 'classes' | 'classGroups'>;
  isPublic: boolean;
}

export const SERIES: SeriesSeed[] = [
  {
    key: 'mx',
    clubUserId: CLUB_USER_IDS.pins,
    name: (y) => `${y} FMQR Motocross Championship`,
    season: 'current',
    eventKeys: ['mx-pins', 'mx-renfrew', 'mx-valley-ridge'],
    classGroup: 'Motocross',
    classesBy: 'list',
    // Every moto scores by class position (25, 22, 20 …); the worst round is dropped; ties:
    // more better finishes, then the better result at the latest round.
    rules: { pointsTable: [...MOTOCROSS_POINTS], scoring: 'moto', dropScores: 1, tieBreak: ['better-finishes', 'latest-race'] },
    isPublic: true,
  },
  {
    key: 'enduro',
    clubUserId: CLUB_USER_IDS.enduroLaurentides,
    name: (y) => `${y} Northline Enduro Cup`,
    season: 'current',
    eventKeys: ['enduro-laurentides', 'enduro-bonnechere', 'enduro-automne'],
    classGroup: 'Enduro',
    classesBy: 'group',
    // The class place at each round scores; classified from 2 rounds; ties: fewer emergency points.
    rules: { pointsTable: [...MOTOCROSS_POINTS], scoring: 'event', dropScores: 0, minEvents: 2, tieBreak: ['emergency-points'] },
    isPublic: true,
  },
  {
    key: 'quad',
    clubUserId: CLUB_USER_IDS.quadLanaudiere,
    name: (y) => `${y} Quad Cross-Country Series`,
    season: 'next',
    eventKeys: ['quad-lavoie', 'quad-rawdon'],
    classGroup: 'Quad',
    classesBy: 'list',
    rules: { dropScores: 0 },
    isPublic: false,
  },
];

/**
 * How the sample races of a class run (results of the past rounds, `sample-results.ts`): the
 * leader's race length in minutes and the class's typical average speed in km/h on the sample
 * tracks. Classes not listed: 20 minutes at 40 km/h.
 */
export const RACE_FORMATS: Record<string, { minutes: number; kmh: number }> = {
  '50cc Junior': { minutes: 8, kmh: 22 },
  '50cc Senior': { minutes: 10, kmh: 26 },
  '65cc': { minutes: 12, kmh: 33 },
  '85cc': { minutes: 15, kmh: 38 },
  Supermini: { minutes: 15, kmh: 40 },
  '125 Intermediate': { minutes: 20, kmh: 44 },
  '250 Pro': { minutes: 30, kmh: 47 },
  'Open Pro': { minutes: 30, kmh: 48 },
  'Vet 30+': { minutes: 20, kmh: 43 },
  'Vet 40+': { minutes: 20, kmh: 41 },
  Women: { minutes: 20, kmh: 40 },
  'Quad 70': { minutes: 45, kmh: 28 },
  'Quad 90': { minutes: 45, kmh: 31 },
  'Quad Pro': { minutes: 120, kmh: 45 },
  'Quad Open': { minutes: 120, kmh: 41 },
  'Quad Vet 30+': { minutes: 90, kmh: 39 },
  'Quad Women': { minutes: 90, kmh: 37 },
  'HS Pro': { minutes: 150, kmh: 34 },
  'HS Sportsman': { minutes: 120, kmh: 30 },
  'HS Vet 35+': { minutes: 120, kmh: 29 },
  'HS Youth 10-15': { minutes: 60, kmh: 22 },
};

/** A rider the content service names (the 2023–2025 champions), in the class they race now. */
export interface NotableRider {
  firstName: string;
  lastName: string;
  city: string;
  state: string;
  className: string;
  /** Plate number: the 2025 champions carry number 1 in their class. */
  number?: string;
}

export const NOTABLE_RIDERS: NotableRider[] = [
  { firstName: 'Mathieu', lastName: 'Gagnon-Roy', city: 'Saint-Jérôme', state: 'QC', className: 'Open Pro', number: '1' },
  { firstName: 'Jordan', lastName: 'McAllister', city: 'Arnprior', state: 'ON', className: 'Open Pro' },
  { firstName: 'Sophie', lastName: 'Lachance', city: 'Mirabel', state: 'QC', className: 'Women', number: '1' },
  { firstName: 'Chloé', lastName: 'Martel', city: 'Terrebonne', state: 'QC', className: 'Women' },
  { firstName: 'Liam', lastName: 'Chartrand', city: 'Gatineau', state: 'QC', className: '250 Pro' },
  { firstName: 'Daniel', lastName: 'Whitmore', city: 'Renfrew', state: 'ON', className: 'Vet 30+', number: '1' },
  { firstName: 'Steve', lastName: 'Brunet', city: 'Saint-Eustache', state: 'QC', className: 'Vet 40+' },
  { firstName: 'Éloïse', lastName: 'Bergeron', city: 'Blainville', state: 'QC', className: '85cc', number: '1' },
  { firstName: 'Nathan', lastName: 'Kowalczyk', city: 'Pembroke', state: 'ON', className: '65cc', number: '1' },
  { firstName: 'Owen', lastName: 'Sinclair', city: 'Kanata', state: 'ON', className: 'Supermini' },
  { firstName: 'Mathis', lastName: 'Tremblay', city: 'Sainte-Julienne', state: 'QC', className: '125 Intermediate' },
  { firstName: 'Alexis', lastName: 'Fortin', city: 'Lachute', state: 'QC', className: '125 Intermediate' },
  { firstName: 'Patrick', lastName: 'Ouellet', city: 'Saint-Donat', state: 'QC', className: 'AA', number: '1' },
  { firstName: 'Marc-André', lastName: 'Villeneuve', city: 'Rawdon', state: 'QC', className: 'AA' },
  { firstName: 'Kevin', lastName: 'Lapointe', city: 'Joliette', state: 'QC', className: 'Quad Pro', number: '1' },
  { firstName: 'Jean-François', lastName: 'Roy', city: 'Saint-Calixte', state: 'QC', className: 'Quad Pro' },
  { firstName: 'Léa', lastName: 'Dufresne', city: 'Saint-Lin–Laurentides', state: 'QC', className: 'Quad 90', number: '1' },
  { firstName: 'Jacob', lastName: 'Paquette', city: 'Hawkesbury', state: 'ON', className: 'Quad Open' },
];

/** Where riders come from: the clubs' regions. */
export const TOWNS = {
  QC: [
    'Sainte-Julienne',
    'Saint-Jérôme',
    'Mirabel',
    'Blainville',
    'Joliette',
    'Rawdon',
    'Saint-Donat',
    'Terrebonne',
    'Lachute',
    'Saint-Lin–Laurentides',
    'Mont-Laurier',
    'Gatineau',
    'Repentigny',
    'Saint-Eustache',
    'Sainte-Agathe-des-Monts',
    'Mascouche',
    'Saint-Calixte',
    'Chertsey',
    'Val-des-Monts',
    'Trois-Rivières',
    'Drummondville',
    'Saint-Hyacinthe',
  ],
  ON: ['Arnprior', 'Renfrew', 'Pembroke', 'Kanata', 'Ottawa', 'Orléans', 'Hawkesbury', 'Cornwall', 'Perth', 'Carleton Place', 'Petawawa', 'Eganville', 'Almonte', 'Kemptville', 'Smiths Falls'],
  NORTH: ['Sudbury', 'North Bay', 'Sturgeon Falls', 'Espanola', 'Parry Sound', 'Mattawa', 'Capreol', 'Callander'],
} as const;

export const FIRST_NAMES = {
  fr: {
    men: [
      'Olivier', 'Félix', 'Samuel', 'Gabriel', 'William', 'Alexandre', 'Jérémy', 'Maxime', 'Émile', 'Louis', 'Thomas', 'Antoine', 'Zachary',
      'Xavier', 'Raphaël', 'Simon', 'Vincent', 'Éric', 'Sébastien', 'Frédéric', 'Charles', 'Justin', 'Nicolas', 'Philippe', 'Guillaume',
      'Étienne', 'Mathéo', 'Loïc', 'Benoît', 'Jonathan', 'Dominic', 'Hugo', 'Édouard', 'Cédric', 'Martin', 'Yannick',
    ],
    women: ['Camille', 'Florence', 'Rosalie', 'Juliette', 'Mégane', 'Audrey', 'Catherine', 'Marie-Ève', 'Jade', 'Charlotte', 'Laurie', 'Noémie', 'Émilie', 'Alexanne', 'Maude', 'Gabrielle'],
  },
  en: {
    men: [
      'Liam', 'Owen', 'Ethan', 'Logan', 'Carter', 'Hunter', 'Tyler', 'Brody', 'Connor', 'Dylan', 'Jack', 'Ryan', 'Cole', 'Evan', 'Mason',
      'Nolan', 'Travis', 'Wyatt', 'Colton', 'Brett', 'Shane', 'Derek', 'Kyle', 'Adam',
    ],
    women: ['Emma', 'Olivia', 'Ava', 'Hannah', 'Madison', 'Brooke', 'Kayla', 'Megan', 'Paige', 'Taylor', 'Jenna', 'Rachel'],
  },
} as const;

export const LAST_NAMES = {
  fr: [
    'Gagnon', 'Côté', 'Bouchard', 'Gauthier', 'Morin', 'Lavoie', 'Gagné', 'Pelletier', 'Bélanger', 'Lévesque', 'Leblanc', 'Girard', 'Simard',
    'Boucher', 'Caron', 'Beaulieu', 'Cloutier', 'Dubé', 'Poirier', 'Fournier', 'Leclerc', 'Lefebvre', 'Poulin', 'Thibault', 'St-Pierre',
    'Nadeau', 'Landry', 'Bédard', 'Grenier', 'Cyr', 'Desjardins', 'Charbonneau', 'Labelle', 'Lalonde', 'Deschamps', 'Ménard', 'Rivest',
    'Brisebois', 'Lamoureux', 'Vaillancourt', 'Gingras', 'Séguin',
  ],
  en: [
    'Smith', 'MacDonald', 'Campbell', 'Wilson', 'Thompson', 'Anderson', 'Fraser', 'O’Brien', 'Murphy', 'Stewart', 'Robertson', 'Walsh',
    'Kennedy', 'Ferguson', 'Doyle', 'Novak', 'Mackenzie', 'Bennett', 'Harrison', 'Gallagher', 'Kerr', 'Mulligan', 'Schultz', 'Yantha',
    'Brennan', 'Childerhose',
  ],
} as const;

/** Machine brands by discipline (youth classes ride the small-bike makers). */
export const BRANDS = {
  motocross: ['KTM', 'Husqvarna', 'GasGas', 'Yamaha', 'Honda', 'Kawasaki', 'Suzuki', 'Triumph'],
  youth: ['KTM', 'Husqvarna', 'GasGas', 'Yamaha', 'Cobra', 'Kawasaki'],
  enduro: ['KTM', 'Husqvarna', 'GasGas', 'Beta', 'Sherco', 'TM', 'Yamaha', 'Honda'],
  quad: ['Yamaha', 'Honda', 'Can-Am', 'Suzuki', 'KTM'],
  youthQuad: ['Yamaha', 'Honda', 'Can-Am', 'Polaris'],
  'hare-scramble': ['KTM', 'Husqvarna', 'Beta', 'Yamaha', 'GasGas', 'Sherco'],
} as const;
