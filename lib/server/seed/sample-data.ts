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
import type { Translations } from '../../contracts/translations';
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
  /** The description in French and Spanish (issue 25). */
  descriptions: Translations;
  isPublic: boolean;
}

export const SECOND_ORGANIZATION = {
  name: 'Northern Ontario Off-Road Association',
  names: { fr: 'Association hors route du Nord de l’Ontario', es: 'Asociación Todoterreno del Norte de Ontario' },
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
  descriptions: {
    fr: [
      'L’Association hors route du Nord de l’Ontario regroupe les clubs de sentier et de hare scramble de Sudbury et de Nipissing. Elle a été fondée en 1994 pour offrir aux pilotes du Nord un championnat près de chez eux.',
      'Chaque été, l’association organise une courte série de hare scramble sur des terres privées prêtées par ses membres, avec des classes jeunesse, sportsman, vétéran et pro. Elle travaille avec la fédération sur les règlements et la formation des officiels.',
    ].join('\n\n'),
    es: [
      'La Asociación Todoterreno del Norte de Ontario reúne a los clubes de senderos y de hare scramble de Sudbury y Nipissing. Se fundó en 1994 para ofrecer a los pilotos del norte un campeonato cerca de casa.',
      'Cada verano, la asociación organiza una breve serie de hare scramble en terrenos privados cedidos por sus miembros, con categorías juvenil, sportsman, veterano y pro. Colabora con la federación en el reglamento y la formación de los oficiales.',
    ].join('\n\n'),
  },
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
    descriptions: {
      fr: [
        'Le Club de motocross des Pins exploite le Motoparc des Pins à Sainte-Julienne, la piste sablonneuse où s’ouvre la saison de la FMQR chaque mois de mai, et organise la course sur glace intérieure de Saint-Jérôme en décembre.',
        'Club de l’année 2025, il compte quelque 240 membres et une piste jeunesse pour les classes 50 cc et 65 cc. Les bénévoles sont les bienvenus à chaque journée de course.',
      ].join('\n\n'),
      es: [
        'El Club de motocross des Pins gestiona el Motoparc des Pins en Sainte-Julienne, la pista de arena donde cada mayo comienza la temporada de la FMQR, y la carrera sobre hielo bajo techo de Saint-Jérôme en diciembre.',
        'Club del año 2025, cuenta con unos 240 miembros y una pista juvenil para las categorías de 50 cc y 65 cc. Los voluntarios son bienvenidos en cada jornada de carreras.',
      ].join('\n\n'),
    },
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
    descriptions: {
      fr: [
        'Le Valley Ridge Motocross Club exploite Valley Ridge MX près d’Arnprior, dans la vallée de l’Outaouais : une piste de 2 km à flanc de colline sur terrain naturel, où se tient la finale du championnat chaque septembre.',
        'La piste est ouverte à la pratique des membres le samedi, de mai à octobre.',
      ].join('\n\n'),
      es: [
        'El Valley Ridge Motocross Club gestiona Valley Ridge MX cerca de Arnprior, en el valle del Ottawa: una pista de 2 km en ladera con terreno natural, sede de la final del campeonato cada septiembre.',
        'La pista abre para los entrenamientos de los miembros los sábados, de mayo a octubre.',
      ].join('\n\n'),
    },
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
    descriptions: {
      fr: [
        'Le Club Enduro Laurentides entretient quelque 120 km de sentiers forestiers autour du lac Ouareau avec la permission des propriétaires, et organise deux manches de la Coupe Northline d’enduro.',
        'Ses membres dégagent et balisent les boucles chaque printemps; les corvées de sentiers sont annoncées sur le site Web du club.',
      ].join('\n\n'),
      es: [
        'El Club Enduro Laurentides mantiene unos 120 km de senderos forestales alrededor del lago Ouareau con el permiso de los propietarios, y organiza dos pruebas de la Copa Northline de enduro.',
        'Sus miembros despejan y señalizan los circuitos cada primavera; las jornadas de senderos se anuncian en el sitio web del club.',
      ].join('\n\n'),
    },
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
    descriptions: {
      fr: [
        'Le Club Quad Lanaudière organise la série de cross-country quad de la fédération, à la Sablière Lavoie de Saint-Lin–Laurentides et dans les bois de Rawdon.',
        'Les quads jeunesse à partir de 70 cc courent sur une boucle plus courte le matin; les classes Pro et Open courent deux heures l’après-midi.',
      ].join('\n\n'),
      es: [
        'El Club Quad Lanaudière organiza la serie de cross-country de cuatrimotos de la federación, en la Sablière Lavoie de Saint-Lin–Laurentides y en los bosques de Rawdon.',
        'Las cuatrimotos juveniles desde 70 cc corren en un circuito más corto por la mañana; las categorías Pro y Open corren dos horas por la tarde.',
      ].join('\n\n'),
    },
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
    descriptions: {
      fr: [
        'Les Ottawa Valley Dirt Riders organisent la manche de motocross de Renfrew au Bonnechere Motocross Park et l’enduro de la vallée de la Bonnechere sur les sentiers rocheux près d’Eganville.',
        'Fondé en 1978, le club est l’un des plus anciens de l’Est ontarien.',
      ].join('\n\n'),
      es: [
        'Los Ottawa Valley Dirt Riders organizan la prueba de motocross de Renfrew en el Bonnechere Motocross Park y el enduro del valle del Bonnechere en los senderos rocosos cerca de Eganville.',
        'Fundado en 1978, el club es uno de los más antiguos del este de Ontario.',
      ].join('\n\n'),
    },
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
    description: 'A new club whose affiliation to the federation is being reviewed; it is not shown to visitors until the board approves it.', descriptions: { fr: 'Un nouveau club dont l’affiliation à la fédération est à l’étude; il n’est pas montré aux visiteurs tant que le conseil d’administration ne l’a pas approuvée.', es: 'Un club nuevo cuya afiliación a la federación está en estudio; no se muestra a los visitantes hasta que la junta directiva la apruebe.' },
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
    description: 'The Sudbury Dirt Bike Club organizes the Sudbury Hare Scramble on the trails around Kelly Lake each June.', descriptions: { fr: 'Le Sudbury Dirt Bike Club organise le Sudbury Hare Scramble sur les sentiers autour du lac Kelly chaque mois de juin.', es: 'El Sudbury Dirt Bike Club organiza el Sudbury Hare Scramble en los senderos alrededor del lago Kelly cada junio.' },
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
    description: 'The Nipissing Trail Riders maintain the Nipissing Ridge off-road park north of North Bay and close the season with the Nipissing Fall Scramble.', descriptions: { fr: 'Les Nipissing Trail Riders entretiennent le parc hors route Nipissing Ridge au nord de North Bay et clôturent la saison avec le Nipissing Fall Scramble.', es: 'Los Nipissing Trail Riders mantienen el parque todoterreno Nipissing Ridge al norte de North Bay y cierran la temporada con el Nipissing Fall Scramble.' },
    isPublic: true,
  },
];

export interface ClassSeed {
  name: string;
  description: string;
  /** The description in French and Spanish (issue 25). */
  descriptions: Translations;
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
      { name: '50cc Junior', description: 'Automatic 50 cc motorcycles only (new class in 2026).', descriptions: { fr: 'Motos automatiques de 50 cc seulement (nouvelle classe en 2026).', es: 'Solo motos automáticas de 50 cc (categoría nueva en 2026).' }, minAge: 4, maxAge: 6, feeCents: 4500, capacity: 15, riders: 4 },
      { name: '50cc Senior', description: '50 cc motorcycles, automatic or with clutch.', descriptions: { fr: 'Motos de 50 cc, automatiques ou à embrayage.', es: 'Motos de 50 cc, automáticas o con embrague.' }, minAge: 7, maxAge: 8, feeCents: 4500, capacity: 20, riders: 5 },
      { name: '65cc', description: '65 cc two-stroke motorcycles.', descriptions: { fr: 'Motos de 65 cc deux temps.', es: 'Motos de 65 cc de dos tiempos.' }, minAge: 7, maxAge: 11, feeCents: 4500, capacity: 30, riders: 8 },
      { name: '85cc', description: '85 cc two-stroke or 150 cc four-stroke motorcycles, small or big wheels.', descriptions: { fr: 'Motos de 85 cc deux temps ou de 150 cc quatre temps, petites ou grandes roues.', es: 'Motos de 85 cc de dos tiempos o de 150 cc de cuatro tiempos, ruedas pequeñas o grandes.' }, minAge: 9, maxAge: 15, feeCents: 5500, riders: 9 },
      { name: 'Supermini', description: 'Up to 112 cc two-stroke or 150 cc four-stroke, big wheels.', descriptions: { fr: 'Jusqu’à 112 cc deux temps ou 150 cc quatre temps, grandes roues.', es: 'Hasta 112 cc de dos tiempos o 150 cc de cuatro tiempos, ruedas grandes.' }, minAge: 12, maxAge: 16, feeCents: 5500, riders: 6 },
      { name: '125 Intermediate', description: 'Intermediate licence; 125 cc two-stroke or 250 cc four-stroke.', descriptions: { fr: 'Licence intermédiaire; 125 cc deux temps ou 250 cc quatre temps.', es: 'Licencia intermedia; 125 cc de dos tiempos o 250 cc de cuatro tiempos.' }, minAge: 14, maxAge: null, feeCents: 6500, riders: 12 },
      { name: '250 Pro', description: 'Pro licence; 125 cc two-stroke or 250 cc four-stroke.', descriptions: { fr: 'Licence pro; 125 cc deux temps ou 250 cc quatre temps.', es: 'Licencia pro; 125 cc de dos tiempos o 250 cc de cuatro tiempos.' }, minAge: 16, maxAge: null, feeCents: 7500, riders: 6 },
      { name: 'Open Pro', description: 'Pro licence; any machine over 125 cc two-stroke or 250 cc four-stroke.', descriptions: { fr: 'Licence pro; toute moto de plus de 125 cc deux temps ou 250 cc quatre temps.', es: 'Licencia pro; cualquier moto de más de 125 cc de dos tiempos o 250 cc de cuatro tiempos.' }, minAge: 16, maxAge: null, feeCents: 7500, riders: 8 },
      { name: 'Vet 30+', description: 'Riders aged 30 and over, any licence, any machine over 125 cc.', descriptions: { fr: 'Pilotes de 30 ans et plus, toute licence, toute moto de plus de 125 cc.', es: 'Pilotos de 30 años o más, cualquier licencia, cualquier moto de más de 125 cc.' }, minAge: 30, maxAge: null, feeCents: 6500, riders: 10 },
      { name: 'Vet 40+', description: 'Riders aged 40 and over, any licence, any machine over 125 cc.', descriptions: { fr: 'Pilotes de 40 ans et plus, toute licence, toute moto de plus de 125 cc.', es: 'Pilotos de 40 años o más, cualquier licencia, cualquier moto de más de 125 cc.' }, minAge: 40, maxAge: null, feeCents: 6500, riders: 7 },
      { name: 'Women', description: 'Women aged 12 and over, 85 cc and bigger machines.', descriptions: { fr: 'Femmes de 12 ans et plus, motos de 85 cc et plus.', es: 'Mujeres de 12 años o más, motos de 85 cc o más.' }, minAge: 12, maxAge: null, feeCents: 6500, riders: 8, women: true },
    ],
  },
  {
    name: 'Enduro',
    org: 'federation',
    sortOrder: 2,
    discipline: 'enduro',
    classes: [
      { name: 'AA', description: 'Expert (AA) licence: the fastest enduro riders, any machine, scored for the overall.', descriptions: { fr: 'Licence expert (AA) : les pilotes d’enduro les plus rapides, toute moto, classés au cumulatif.', es: 'Licencia experto (AA): los pilotos de enduro más rápidos, cualquier moto, clasificados en la general.' }, minAge: 16, maxAge: null, feeCents: 8500, riders: 5 },
      { name: 'A 250', description: 'A (expert) riders on machines up to 250 cc.', descriptions: { fr: 'Pilotes A (expert) sur motos jusqu’à 250 cc.', es: 'Pilotos A (experto) en motos de hasta 250 cc.' }, minAge: 16, maxAge: null, feeCents: 8500, riders: 3 },
      { name: 'A 251+', description: 'A (expert) riders on machines over 250 cc.', descriptions: { fr: 'Pilotes A (expert) sur motos de plus de 250 cc.', es: 'Pilotos A (experto) en motos de más de 250 cc.' }, minAge: 16, maxAge: null, feeCents: 8500, riders: 4 },
      { name: 'A VET 30+', description: 'A (expert) riders aged 30 and over.', descriptions: { fr: 'Pilotes A (expert) de 30 ans et plus.', es: 'Pilotos A (experto) de 30 años o más.' }, minAge: 30, maxAge: null, feeCents: 8500, riders: 4 },
      { name: 'A SR 40+', description: 'A (expert) senior riders aged 40 and over.', descriptions: { fr: 'Pilotes A (expert) seniors de 40 ans et plus.', es: 'Pilotos A (experto) sénior de 40 años o más.' }, minAge: 40, maxAge: null, feeCents: 8500, riders: 3 },
      { name: 'B 250', description: 'B (amateur) riders on machines up to 250 cc.', descriptions: { fr: 'Pilotes B (amateur) sur motos jusqu’à 250 cc.', es: 'Pilotos B (aficionado) en motos de hasta 250 cc.' }, minAge: 16, maxAge: null, feeCents: 8500, riders: 4 },
      { name: 'B 251+', description: 'B (amateur) riders on machines over 250 cc.', descriptions: { fr: 'Pilotes B (amateur) sur motos de plus de 250 cc.', es: 'Pilotos B (aficionado) en motos de más de 250 cc.' }, minAge: 16, maxAge: null, feeCents: 8500, riders: 4 },
      { name: 'B VET 30+', description: 'B (amateur) riders aged 30 and over.', descriptions: { fr: 'Pilotes B (amateur) de 30 ans et plus.', es: 'Pilotos B (aficionado) de 30 años o más.' }, minAge: 30, maxAge: null, feeCents: 8500, riders: 5 },
      { name: 'B SR 45+', description: 'B (amateur) senior riders aged 45 and over.', descriptions: { fr: 'Pilotes B (amateur) seniors de 45 ans et plus.', es: 'Pilotos B (aficionado) sénior de 45 años o más.' }, minAge: 45, maxAge: null, feeCents: 8500, riders: 3 },
      { name: 'C 250', description: 'C (novice) riders on machines up to 250 cc.', descriptions: { fr: 'Pilotes C (débutant) sur motos jusqu’à 250 cc.', es: 'Pilotos C (novato) en motos de hasta 250 cc.' }, minAge: 16, maxAge: null, feeCents: 7500, riders: 4 },
      { name: 'C 251+', description: 'C (novice) riders on machines over 250 cc.', descriptions: { fr: 'Pilotes C (débutant) sur motos de plus de 250 cc.', es: 'Pilotos C (novato) en motos de más de 250 cc.' }, minAge: 16, maxAge: null, feeCents: 7500, riders: 3 },
      { name: 'C VET 30+', description: 'C (novice) riders aged 30 and over.', descriptions: { fr: 'Pilotes C (débutant) de 30 ans et plus.', es: 'Pilotos C (novato) de 30 años o más.' }, minAge: 30, maxAge: null, feeCents: 7500, riders: 3 },
      { name: 'C JUNIOR 14-17', description: 'C (novice) riders aged 14 to 17, up to 250 cc; a parent or guardian on site.', descriptions: { fr: 'Pilotes C (débutant) de 14 à 17 ans, jusqu’à 250 cc; un parent ou tuteur sur place.', es: 'Pilotos C (novato) de 14 a 17 años, hasta 250 cc; un padre, madre o tutor presente.' }, minAge: 14, maxAge: 17, feeCents: 6000, riders: 4 },
      { name: 'WOMEN', description: 'Women of every level, any machine.', descriptions: { fr: 'Femmes de tous les niveaux, toute moto.', es: 'Mujeres de todos los niveles, cualquier moto.' }, minAge: 14, maxAge: null, feeCents: 7500, riders: 3, women: true },
    ],
  },
  {
    name: 'Quad',
    org: 'federation',
    sortOrder: 3,
    discipline: 'quad',
    classes: [
      { name: 'Quad 70', description: 'Youth quads up to 70 cc, on the youth loop.', descriptions: { fr: 'Quads jeunesse jusqu’à 70 cc, sur la boucle jeunesse.', es: 'Cuatrimotos juveniles de hasta 70 cc, en el circuito juvenil.' }, minAge: 6, maxAge: 11, feeCents: 4500, capacity: 12, riders: 4 },
      { name: 'Quad 90', description: 'Youth quads up to 90 cc, on the youth loop.', descriptions: { fr: 'Quads jeunesse jusqu’à 90 cc, sur la boucle jeunesse.', es: 'Cuatrimotos juveniles de hasta 90 cc, en el circuito juvenil.' }, minAge: 8, maxAge: 13, feeCents: 4500, capacity: 15, riders: 5 },
      { name: 'Quad Pro', description: 'Pro licence; any sport quad.', descriptions: { fr: 'Licence pro; tout quad sport.', es: 'Licencia pro; cualquier cuatrimoto deportiva.' }, minAge: 16, maxAge: null, feeCents: 7500, riders: 5 },
      { name: 'Quad Open', description: 'Amateur riders on any sport quad.', descriptions: { fr: 'Pilotes amateurs sur tout quad sport.', es: 'Pilotos aficionados en cualquier cuatrimoto deportiva.' }, minAge: 14, maxAge: null, feeCents: 6500, riders: 10 },
      { name: 'Quad Vet 30+', description: 'Riders aged 30 and over on any sport quad.', descriptions: { fr: 'Pilotes de 30 ans et plus sur tout quad sport.', es: 'Pilotos de 30 años o más en cualquier cuatrimoto deportiva.' }, minAge: 30, maxAge: null, feeCents: 6500, riders: 6 },
      { name: 'Quad Women', description: 'Women aged 14 and over on any sport quad.', descriptions: { fr: 'Femmes de 14 ans et plus sur tout quad sport.', es: 'Mujeres de 14 años o más en cualquier cuatrimoto deportiva.' }, minAge: 14, maxAge: null, feeCents: 6500, riders: 4, women: true },
    ],
  },
  {
    name: 'Hare Scramble',
    org: 'second',
    sortOrder: 1,
    discipline: 'hare-scramble',
    classes: [
      { name: 'HS Pro', description: 'Expert riders, two and a half hours on the full loop.', descriptions: { fr: 'Pilotes experts, deux heures et demie sur la boucle complète.', es: 'Pilotos expertos, dos horas y media en el circuito completo.' }, minAge: 16, maxAge: null, feeCents: 6000, riders: 5 },
      { name: 'HS Sportsman', description: 'Amateur riders, two hours on the full loop.', descriptions: { fr: 'Pilotes amateurs, deux heures sur la boucle complète.', es: 'Pilotos aficionados, dos horas en el circuito completo.' }, minAge: 14, maxAge: null, feeCents: 6000, riders: 10 },
      { name: 'HS Vet 35+', description: 'Riders aged 35 and over, two hours.', descriptions: { fr: 'Pilotes de 35 ans et plus, deux heures.', es: 'Pilotos de 35 años o más, dos horas.' }, minAge: 35, maxAge: null, feeCents: 6000, riders: 6 },
      { name: 'HS Youth 10-15', description: 'Riders aged 10 to 15 on the short loop, one hour.', descriptions: { fr: 'Pilotes de 10 à 15 ans sur la boucle courte, une heure.', es: 'Pilotos de 10 a 15 años en el circuito corto, una hora.' }, minAge: 10, maxAge: 15, feeCents: 4000, riders: 5 },
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
  /** The description in French and Spanish (issue 25). */
  descriptions: Translations;
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
      'Opening round of the FMQR motocross championship. Practice on Saturday morning, youth and amateur motos on Saturday afternoon, Pro, Intermediate and Vet motos on Sunday.', descriptions: { fr: 'Première manche du championnat de motocross de la FMQR. Pratiques le samedi matin, manches jeunesse et amateur le samedi après-midi, manches Pro, Intermédiaire et Vétéran le dimanche.', es: 'Primera prueba del campeonato de motocross de la FMQR. Entrenamientos el sábado por la mañana, mangas juveniles y aficionadas el sábado por la tarde, mangas Pro, Intermedia y Veteranos el domingo.' },
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
    description: 'Opening round of the quad cross-country series on a sandy 9.5 km loop: two hours for the Pro and Open classes, 45 minutes for the youth quads.', descriptions: { fr: 'Première manche de la série de cross-country quad sur une boucle sablonneuse de 9,5 km : deux heures pour les classes Pro et Open, 45 minutes pour les quads jeunesse.', es: 'Primera prueba de la serie de cross-country de cuatrimotos en un circuito de arena de 9,5 km: dos horas para las categorías Pro y Open, 45 minutos para las cuatrimotos juveniles.' },
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
    description: 'First round of the Northline Enduro Cup: about 80 km of forest trails in three loops with timed special tests. Riders leave by rows, one row every minute.', descriptions: { fr: 'Première manche de la Coupe Northline d’enduro : environ 80 km de sentiers forestiers en trois boucles avec des épreuves spéciales chronométrées. Les pilotes partent par rangées, une rangée chaque minute.', es: 'Primera prueba de la Copa Northline de enduro: unos 80 km de senderos forestales en tres vueltas con pruebas especiales cronometradas. Los pilotos salen por filas, una fila por minuto.' },
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
    description: 'Second round of the motocross championship on a hard-pack Ottawa Valley track, with the youth classes on their own track beside it.', descriptions: { fr: 'Deuxième manche du championnat de motocross sur une piste de terre battue de la vallée de l’Outaouais, avec les classes jeunesse sur leur propre piste juste à côté.', es: 'Segunda prueba del campeonato de motocross en una pista de tierra compacta del valle del Ottawa, con las categorías juveniles en su propia pista al lado.' },
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
    description: 'Practice day for club members only, with timed practice from the gate. Not open to the public.', descriptions: { fr: 'Journée de pratique réservée aux membres du club, avec pratique chronométrée départ à la grille. Fermée au public.', es: 'Jornada de entrenamiento solo para miembros del club, con entrenamiento cronometrado desde la parrilla. Cerrada al público.' },
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
    description: 'Second round of the quad cross-country series, through the woods and the sand pit of Rawdon.', descriptions: { fr: 'Deuxième manche de la série de cross-country quad, dans les bois et la sablière de Rawdon.', es: 'Segunda prueba de la serie de cross-country de cuatrimotos, por los bosques y el arenal de Rawdon.' },
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
    description: 'Second round of the Northline Enduro Cup: rocky Canadian Shield trails, two loops of about 45 km.', descriptions: { fr: 'Deuxième manche de la Coupe Northline d’enduro : sentiers rocheux du Bouclier canadien, deux boucles d’environ 45 km.', es: 'Segunda prueba de la Copa Northline de enduro: senderos rocosos del Escudo Canadiense, dos vueltas de unos 45 km.' },
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
    description: 'Final round of the motocross championship: the titles are decided on Sunday afternoon.', descriptions: { fr: 'Dernière manche du championnat de motocross : les titres se décident le dimanche après-midi.', es: 'Última prueba del campeonato de motocross: los títulos se deciden el domingo por la tarde.' },
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
    description: 'Final round of the Northline Enduro Cup in the autumn colours of the Laurentians.', descriptions: { fr: 'Dernière manche de la Coupe Northline d’enduro dans les couleurs d’automne des Laurentides.', es: 'Última prueba de la Copa Northline de enduro entre los colores otoñales de los Laurentides.' },
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
      'Indoor ice race on a 400 m oval in the arena: motorcycles and quads on studded tires, gate start, four-lap heats and a final per class. The start grid (gate picks, drawn when registration closes) is published on the event page.', descriptions: { fr: 'Course sur glace intérieure sur un ovale de 400 m à l’aréna : motos et quads sur pneus à crampons, départ à la grille, qualifications de quatre tours et une finale par classe. La grille de départ (choix de grille, tirés à la fermeture des inscriptions) est publiée sur la page de l’événement.', es: 'Carrera sobre hielo bajo techo en un óvalo de 400 m en la arena: motos y cuatrimotos con neumáticos de clavos, salida en parrilla, mangas clasificatorias de cuatro vueltas y una final por categoría. La parrilla de salida (elección de puesto, sorteada al cierre de las inscripciones) se publica en la página del evento.' },
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
    description: 'Hare scramble on a 12 km loop of rock, roots and sand around Kelly Lake. Dead-engine start by rows.', descriptions: { fr: 'Hare scramble sur une boucle de 12 km de roches, de racines et de sable autour du lac Kelly. Départ moteur arrêté par rangées.', es: 'Hare scramble en un circuito de 12 km de rocas, raíces y arena alrededor del lago Kelly. Salida con motor parado por filas.' },
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
    description: 'Season finale of the association’s hare scramble series at Nipissing Ridge.', descriptions: { fr: 'Finale de la saison de la série de hare scramble de l’association à Nipissing Ridge.', es: 'Final de temporada de la serie de hare scramble de la asociación en Nipissing Ridge.' },
    trackLengthKm: 10,
    offers: ['Hare Scramble'],
  },
];

export interface MembershipTypeSeed {
  key: string;
  org: OrgKey;
  name: string;
  /** The name in French and Spanish (issue 25). */
  names: Translations;
  description: string;
  /** The description in French and Spanish (issue 25). */
  descriptions: Translations;
  priceCents: number;
  minAge: number | null;
  maxAge: number | null;
  validity: 'season' | 'event';
  /** A family type (issue 26): the guardian and each of their minors, one price. */
  family?: boolean;
}

export const MEMBERSHIP_TYPES: MembershipTypeSeed[] = [
  {
    key: 'adult',
    org: 'federation',
    name: 'Annual licence – adult',
    names: { fr: 'Licence annuelle – adulte', es: 'Licencia anual – adulto' },
    description: 'Every sanctioned event of the season, with accident insurance during practice and racing. Valid to December 31.', descriptions: { fr: 'Tous les événements sanctionnés de la saison, avec assurance accident pendant les pratiques et les courses. Valide jusqu’au 31 décembre.', es: 'Todos los eventos sancionados de la temporada, con seguro de accidentes durante los entrenamientos y las carreras. Válida hasta el 31 de diciembre.' },
    priceCents: 16500,
    minAge: 18,
    maxAge: null,
    validity: 'season',
  },
  {
    key: 'youth',
    org: 'federation',
    name: 'Annual licence – youth (under 18)',
    names: { fr: 'Licence annuelle – jeunesse (moins de 18 ans)', es: 'Licencia anual – juvenil (menores de 18 años)' },
    description: 'The annual licence for riders under 18 on January 1; a parent or guardian signs the minor consent.', descriptions: { fr: 'La licence annuelle des pilotes de moins de 18 ans au 1er janvier; un parent ou tuteur signe le consentement du mineur.', es: 'La licencia anual para pilotos menores de 18 años al 1 de enero; un padre, madre o tutor firma el consentimiento del menor.' },
    priceCents: 11000,
    minAge: null,
    maxAge: 17,
    validity: 'season',
  },
  {
    key: 'one-event',
    org: 'federation',
    name: 'One-event licence',
    names: { fr: 'Licence d’un événement', es: 'Licencia de un evento' },
    description: 'One race day, to try the sport; its price is credited on an annual licence bought the same season.', descriptions: { fr: 'Une journée de course, pour essayer le sport; son prix est crédité sur une licence annuelle achetée la même saison.', es: 'Una jornada de carreras, para probar el deporte; su precio se descuenta de una licencia anual comprada en la misma temporada.' },
    priceCents: 4000,
    minAge: null,
    maxAge: null,
    validity: 'event',
  },
  {
    key: 'family',
    org: 'federation',
    name: 'Family licence',
    names: { fr: 'Licence familiale', es: 'Licencia familiar' },
    description: 'Annual licences for a parent or guardian and each of their children under 18, at one price.', descriptions: { fr: 'Licences annuelles pour un parent ou tuteur et chacun de ses enfants de moins de 18 ans, à un seul prix.', es: 'Licencias anuales para un padre, madre o tutor y cada uno de sus hijos menores de 18 años, a un solo precio.' },
    priceCents: 29500,
    minAge: 18,
    maxAge: null,
    validity: 'season',
    family: true,
  },
  {
    key: 'second-annual',
    org: 'second',
    name: 'Annual membership',
    names: { fr: 'Adhésion annuelle', es: 'Membresía anual' },
    description: 'Every event of the association’s season, with insurance.', descriptions: { fr: 'Tous les événements de la saison de l’association, avec assurance.', es: 'Todos los eventos de la temporada de la asociación, con seguro.' },
    priceCents: 7500,
    minAge: 16,
    maxAge: null,
    validity: 'season',
  },
  {
    key: 'second-junior',
    org: 'second',
    name: 'Junior membership',
    names: { fr: 'Adhésion junior', es: 'Membresía júnior' },
    description: 'For riders aged 15 and under; a parent or guardian on site.', descriptions: { fr: 'Pour les pilotes de 15 ans et moins; un parent ou tuteur sur place.', es: 'Para pilotos de 15 años o menos; un padre, madre o tutor presente.' },
    priceCents: 4000,
    minAge: null,
    maxAge: 15,
    validity: 'season',
  },
  {
    key: 'second-day',
    org: 'second',
    name: 'Day pass',
    names: { fr: 'Laissez-passer d’un jour', es: 'Pase de un día' },
    description: 'One event, insurance included.', descriptions: { fr: 'Un événement, assurance comprise.', es: 'Un evento, seguro incluido.' },
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
