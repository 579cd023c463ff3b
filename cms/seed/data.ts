/**
 * Seed content of the FMQR content service, in English (default), Canadian French
 * and Spanish. Each entry has `shared` fields (identical in every locale: links,
 * sort orders, icons, flags) and one object per locale with the translated fields.
 * Links are site paths without language prefix; the site adds /fr or /es itself.
 *
 * Images are files of ./images, uploaded once through the upload plugin and
 * referred to here by their key in `images`.
 */

export type Locale = 'en' | 'fr-CA' | 'es';

const LOCALES: Locale[] = ['en', 'fr-CA', 'es'];

const locales: { code: Locale; name: string; isDefault?: boolean }[] = [
  { code: 'en', name: 'English (en)', isDefault: true },
  { code: 'fr-CA', name: 'French (Canada)' },
  { code: 'es', name: 'Spanish (es)' },
];

const FEDERATION = {
  en: 'Federation of Off-Road Motorcycle and Quad Racing',
  'fr-CA': 'Fédération de course moto et quad hors route',
  es: 'Federación de Carreras de Motos y Cuatrimotos Todoterreno',
};

const ADDRESS = {
  street: '1505, rue des Pionniers',
  city: 'Saint-Jérôme (Québec)  J7Y 3K9',
  phone: '450 555-0171',
  tel: '+14505550171',
  email: 'info@fmqr.ca',
};

const images: Record<string, { file: string; alt: string }> = {
  logo: { file: 'logo.svg', alt: 'FMQR logo: a rider jumping over a dirt track, established 1971' },
  topBannerLogo: { file: 'top-banner-logo.svg', alt: 'FMQR – Federation of Off-Road Motorcycle and Quad Racing' },
  tabLogo: { file: 'tab-logo.svg', alt: 'FMQR' },
  imagePlaceholder: { file: 'image-placeholder.svg', alt: 'Image not available' },
  homeMotocross: { file: 'home-motocross.svg', alt: 'Motocross rider jumping over a dirt track at sunset' },
  homeEnduro: { file: 'home-enduro.svg', alt: 'Enduro rider on a forest trail' },
  homeQuad: { file: 'home-quad.svg', alt: 'Quad racers on a sandy cross-country course' },
  sponsorSummit: { file: 'sponsor-summit-tire.svg', alt: 'Summit Tire Co.' },
  sponsorNorthline: { file: 'sponsor-northline-lubricants.svg', alt: 'Northline Lubricants' },
  sponsorTrailhead: { file: 'sponsor-trailhead-powersports.svg', alt: 'Trailhead Powersports' },
  sponsorIronwood: { file: 'sponsor-ironwood-helmets.svg', alt: 'Ironwood Helmets' },
  sponsorMapleRidge: { file: 'sponsor-maple-ridge-suspension.svg', alt: 'Maple Ridge Suspension' },
};

// --- Navigation -------------------------------------------------------------

const subMenus = [
  {
    key: 'about',
    shared: { Link: '/about-us', page_path: '/api/about-page', page_content: 'about', IsOpenInNewTab: false, Sort_Order: 1, Visible: true },
    en: { Name: 'About us' },
    'fr-CA': { Name: 'À propos' },
    es: { Name: 'Acerca de' },
  },
  {
    key: 'contact',
    shared: { Link: '/contact-us', page_path: '/api/contact-page', page_content: 'contact', IsOpenInNewTab: false, Sort_Order: 2, Visible: true },
    en: { Name: 'Contact' },
    'fr-CA': { Name: 'Nous joindre' },
    es: { Name: 'Contacto' },
  },
];

const menus = [
  {
    key: 'home',
    shared: { icon: 'Home', Link: '/', page_path: '/api/home-content', page_content: 'home', sort_order: 1, Visible: true, bHideOnTopMenu: false, IsOpenInNewTab: false },
    en: { name: 'Home' },
    'fr-CA': { name: 'Accueil' },
    es: { name: 'Inicio' },
  },
  {
    key: 'calendar',
    shared: { icon: 'CalendarMonth', Link: '/event-calendar', page_path: null, page_content: null, sort_order: 2, Visible: true, bHideOnTopMenu: false, IsOpenInNewTab: false },
    en: { name: 'Calendar' },
    'fr-CA': { name: 'Calendrier' },
    es: { name: 'Calendario' },
  },
  {
    key: 'results',
    shared: { icon: 'EmojiEvents', Link: '/results/1', page_path: null, page_content: null, sort_order: 3, Visible: true, bHideOnTopMenu: false, IsOpenInNewTab: false },
    en: { name: 'Results' },
    'fr-CA': { name: 'Résultats' },
    es: { name: 'Resultados' },
  },
  {
    key: 'federation',
    shared: { icon: 'Groups', Link: null, page_path: null, page_content: null, sort_order: 4, Visible: true, bHideOnTopMenu: false, IsOpenInNewTab: false },
    subMenus: ['about', 'contact'],
    en: { name: 'Federation' },
    'fr-CA': { name: 'Fédération' },
    es: { name: 'Federación' },
  },
  {
    key: 'rulebook',
    shared: { icon: 'MenuBook', Link: '/simple-page/rulebook', page_path: '/api/simple-pages', page_content: 'rulebook', sort_order: 5, Visible: true, bHideOnTopMenu: true, IsOpenInNewTab: false },
    en: { name: 'Rulebook' },
    'fr-CA': { name: 'Règlements' },
    es: { name: 'Reglamento' },
  },
  {
    key: 'awards',
    shared: { icon: 'Celebration', Link: '/simple-page/awards-banquet', page_path: '/api/simple-pages', page_content: 'awards-banquet', sort_order: 6, Visible: false, bHideOnTopMenu: false, IsOpenInNewTab: false },
    en: { name: 'Draft: Awards banquet' },
    'fr-CA': { name: 'Brouillon : Gala de fin de saison' },
    es: { name: 'Borrador: Gala de premios' },
  },
];

const homeMenus = [
  {
    key: 'calendar',
    shared: { icon: 'CalendarMonth', page_path: '/event-calendar', Link: '/event-calendar', sort_order: 1 },
    en: { name: 'Event calendar' },
    'fr-CA': { name: 'Calendrier des épreuves' },
    es: { name: 'Calendario de pruebas' },
  },
  {
    key: 'results',
    shared: { icon: 'EmojiEvents', page_path: '/results/1', Link: '/results/1', sort_order: 2 },
    en: { name: 'Race results' },
    'fr-CA': { name: 'Résultats des courses' },
    es: { name: 'Resultados de carreras' },
  },
  {
    key: 'contact',
    shared: { icon: 'Mail', page_path: '/contact-us', Link: '/contact-us', sort_order: 3 },
    en: { name: 'Contact us' },
    'fr-CA': { name: 'Nous joindre' },
    es: { name: 'Contáctenos' },
  },
];

// --- Home page --------------------------------------------------------------

const homeContent = {
  images: ['homeMotocross', 'homeEnduro', 'homeQuad'],
  en: {
    Title: 'Off-road racing in Quebec and Ontario since 1971',
    Section1: {
      Title: 'A federation run by riders, for riders',
      Content:
        '<p>Founded in 1971 by a handful of motocross clubs from the Laurentians and the Ottawa Valley, the Federation of Off-Road Motorcycle and Quad Racing (FMQR) sanctions motocross, enduro, hare scramble and quad cross-country events across Quebec and Ontario.</p>' +
        '<p>Today more than forty affiliated clubs and promoters organise races under our rules, with trained officials, electronic timing and a common points system, so that every rider, from the youngest youth class to the pros, races on a fair and safe footing.</p>',
    },
    Section2: {
      Title: 'The racing season',
      Content:
        '<p>The season runs from the first dry weekend of May to the Thanksgiving weekend in October. It combines regional motocross rounds, long-distance enduros through private forest land and quad cross-country races on farm and sand-pit circuits.</p>' +
        '<p>The <a href="/event-calendar">event calendar</a> lists every sanctioned event with its location, classes and registration deadline. Live timing and complete <a href="/results/1">results</a> are published during each race day, and championship standings are updated as soon as results are confirmed.</p>',
    },
    Section3: {
      Title: 'Membership and racing licences',
      Content:
        '<p>Every rider at a sanctioned event needs an FMQR licence. The annual licence covers all events of the season and includes accident insurance during practice and racing; a one-day licence lets newcomers try the sport before committing to a full season.</p>' +
        '<p>Riders under 18 register with a parent or guardian, who signs the consent and waiver on their behalf. Licence holders keep a permanent race number, and their points are counted in every series they enter.</p>',
    },
    Section4: {
      Title: 'Spectators and safety',
      Content:
        '<p>Spectators are welcome at every event. Stay behind the fences and in the marked spectator areas, keep children and pets close, and never cross the track, even between motos. Ear protection is strongly recommended near the start gate.</p>' +
        '<p>Every sanctioned event has a race director, flaggers at each blind jump and a first-aid team on site. If you see a fallen rider, alert the nearest flagger: a yellow flag means danger ahead and no passing; a red flag stops the race.</p>',
    },
  },
  'fr-CA': {
    Title: 'La course hors route au Québec et en Ontario depuis 1971',
    Section1: {
      Title: 'Une fédération dirigée par des pilotes, pour les pilotes',
      Content:
        '<p>Fondée en 1971 par une poignée de clubs de motocross des Laurentides et de la vallée de l’Outaouais, la Fédération de course moto et quad hors route (FMQR) sanctionne des épreuves de motocross, d’enduro, de hare scramble et de cross-country en quad partout au Québec et en Ontario.</p>' +
        '<p>Aujourd’hui, plus de quarante clubs et promoteurs affiliés organisent des courses selon nos règlements, avec des officiels formés, un chronométrage électronique et un système de points commun, afin que chaque pilote, de la plus jeune catégorie jeunesse jusqu’aux professionnels, coure dans des conditions justes et sécuritaires.</p>',
    },
    Section2: {
      Title: 'La saison de course',
      Content:
        '<p>La saison s’étend de la première fin de semaine sèche de mai jusqu’à la fin de semaine de l’Action de grâce, en octobre. Elle réunit des manches régionales de motocross, des enduros de longue distance en forêt privée et des courses de cross-country en quad sur des circuits aménagés dans des champs et des sablières.</p>' +
        '<p>Le <a href="/event-calendar">calendrier des épreuves</a> présente chaque épreuve sanctionnée avec son lieu, ses catégories et sa date limite d’inscription. Le chronométrage en direct et les <a href="/results/1">résultats</a> complets sont publiés pendant chaque journée de course, et les classements des championnats sont mis à jour dès que les résultats sont confirmés.</p>',
    },
    Section3: {
      Title: 'Adhésion et licences de course',
      Content:
        '<p>Chaque pilote inscrit à une épreuve sanctionnée doit détenir une licence FMQR. La licence annuelle couvre toutes les épreuves de la saison et comprend une assurance accident pendant les essais et les courses; la licence d’un jour permet aux nouveaux venus d’essayer le sport avant de s’engager pour une saison complète.</p>' +
        '<p>Les pilotes de moins de 18 ans s’inscrivent avec un parent ou un tuteur, qui signe le consentement et la renonciation en leur nom. Les détenteurs de licence conservent un numéro de course permanent, et leurs points sont comptabilisés dans chaque série à laquelle ils participent.</p>',
    },
    Section4: {
      Title: 'Spectateurs et sécurité',
      Content:
        '<p>Les spectateurs sont les bienvenus à toutes nos épreuves. Restez derrière les clôtures et dans les zones réservées au public, gardez les enfants et les animaux près de vous et ne traversez jamais la piste, même entre deux manches. Les protecteurs auditifs sont fortement recommandés près de la grille de départ.</p>' +
        '<p>Chaque épreuve sanctionnée compte un directeur de course, des signaleurs à chaque saut sans visibilité et une équipe de premiers soins sur place. Si vous voyez un pilote tombé, avertissez le signaleur le plus proche : le drapeau jaune signale un danger et interdit les dépassements; le drapeau rouge arrête la course.</p>',
    },
  },
  es: {
    Title: 'Carreras todoterreno en Quebec y Ontario desde 1971',
    Section1: {
      Title: 'Una federación dirigida por pilotos, para pilotos',
      Content:
        '<p>Fundada en 1971 por un puñado de clubes de motocross de los Laurentides y del valle del Ottawa, la Federación de Carreras de Motos y Cuatrimotos Todoterreno (FMQR) homologa pruebas de motocross, enduro, hare scramble y cross-country en cuatrimoto en todo Quebec y Ontario.</p>' +
        '<p>Hoy, más de cuarenta clubes y promotores afiliados organizan carreras con nuestro reglamento, con oficiales capacitados, cronometraje electrónico y un sistema de puntos común, para que cada piloto, desde la categoría juvenil más joven hasta los profesionales, compita en condiciones justas y seguras.</p>',
    },
    Section2: {
      Title: 'La temporada de carreras',
      Content:
        '<p>La temporada va desde el primer fin de semana seco de mayo hasta el fin de semana de Acción de Gracias, en octubre. Combina rondas regionales de motocross, enduros de larga distancia por bosques privados y carreras de cross-country en cuatrimoto en circuitos trazados en campos y areneros.</p>' +
        '<p>El <a href="/event-calendar">calendario de pruebas</a> muestra cada prueba homologada con su lugar, sus categorías y su fecha límite de inscripción. El cronometraje en vivo y los <a href="/results/1">resultados</a> completos se publican durante cada jornada de carreras, y las clasificaciones de los campeonatos se actualizan en cuanto se confirman los resultados.</p>',
    },
    Section3: {
      Title: 'Membresía y licencias de competición',
      Content:
        '<p>Todo piloto que participe en una prueba homologada necesita una licencia FMQR. La licencia anual cubre todas las pruebas de la temporada e incluye un seguro de accidentes durante los entrenamientos y las carreras; la licencia de un día permite a los principiantes probar el deporte antes de comprometerse con una temporada completa.</p>' +
        '<p>Los pilotos menores de 18 años se inscriben con su padre, madre o tutor, quien firma el consentimiento y la exención de responsabilidad en su nombre. Los titulares de licencia conservan un número de carrera permanente y sus puntos se contabilizan en cada serie en la que participan.</p>',
    },
    Section4: {
      Title: 'Espectadores y seguridad',
      Content:
        '<p>Los espectadores son bienvenidos en todas las pruebas. Permanezca detrás de las vallas y en las zonas señalizadas para el público, mantenga cerca a los niños y a las mascotas, y nunca cruce la pista, ni siquiera entre mangas. Se recomienda usar protección auditiva cerca de la parrilla de salida.</p>' +
        '<p>Cada prueba homologada cuenta con un director de carrera, banderilleros en cada salto sin visibilidad y un equipo de primeros auxilios en el lugar. Si ve a un piloto caído, avise al banderillero más cercano: la bandera amarilla indica peligro y prohíbe adelantar; la bandera roja detiene la carrera.</p>',
    },
  },
};

// --- Footers ----------------------------------------------------------------

const staticFooters = [
  {
    key: 'copyright',
    shared: { page_link: null, visible: true, IsOpenInNewTab: false, sort_order: 1 },
    en: { name: `© 1971–2026 ${FEDERATION.en}` },
    'fr-CA': { name: `© 1971–2026 ${FEDERATION['fr-CA']}` },
    es: { name: `© 1971–2026 ${FEDERATION.es}` },
  },
  {
    key: 'contact',
    shared: { page_link: '/contact-us', visible: true, IsOpenInNewTab: false, sort_order: 2 },
    en: { name: 'Contact us' },
    'fr-CA': { name: 'Nous joindre' },
    es: { name: 'Contáctenos' },
  },
  {
    key: 'about',
    shared: { page_link: '/about-us', visible: true, IsOpenInNewTab: false, sort_order: 3 },
    en: { name: 'About the federation' },
    'fr-CA': { name: 'À propos de la fédération' },
    es: { name: 'Acerca de la federación' },
  },
  {
    key: 'rulebook',
    shared: { page_link: '/simple-page/rulebook', visible: true, IsOpenInNewTab: false, sort_order: 4 },
    en: { name: 'Rulebook' },
    'fr-CA': { name: 'Règlements' },
    es: { name: 'Reglamento' },
  },
  {
    key: 'privacy',
    shared: { page_link: '/simple-page/privacy', visible: true, IsOpenInNewTab: false, sort_order: 5 },
    en: { name: 'Privacy policy' },
    'fr-CA': { name: 'Politique de confidentialité' },
    es: { name: 'Política de privacidad' },
  },
];

const floatingFooter = {
  Title: 'Our sponsors',
  spaces: 40,
  speed: 30000,
  height: 75,
  Visible: true,
  sponsors: [
    { Name: 'Summit Tire Co.', Link: '/sponsors', image: 'sponsorSummit' },
    { Name: 'Northline Lubricants', Link: '/sponsors', image: 'sponsorNorthline' },
    { Name: 'Trailhead Powersports', Link: null, image: 'sponsorTrailhead' },
    { Name: 'Ironwood Helmets', Link: null, image: 'sponsorIronwood' },
    { Name: 'Maple Ridge Suspension', Link: null, image: 'sponsorMapleRidge' },
  ],
};

// --- Pages ------------------------------------------------------------------

const contactPage = {
  en: {
    Title: 'Contact us',
    Description:
      '<p>The federation office answers questions about licences, event sanctioning, results and the rulebook. On race days, please speak to the race director or the registration tent at the event first.</p>' +
      `<h3>Federation office</h3><p>${FEDERATION.en} (FMQR)<br/>${ADDRESS.street}<br/>${ADDRESS.city}<br/>Canada</p>` +
      `<p>Phone: <a href="tel:${ADDRESS.tel}">${ADDRESS.phone}</a><br/>Email: <a href="mailto:${ADDRESS.email}">${ADDRESS.email}</a></p>` +
      '<h3>Office hours</h3><p>Monday to Friday, 9 a.m. to 5 p.m. (Eastern time). Closed on statutory holidays. During the racing season we usually answer emails within two business days.</p>' +
      '<h3>Promoters and clubs</h3><p>To have an event sanctioned for next season, send your request, the track or trail map and proof of land-owner permission before January 31.</p>',
  },
  'fr-CA': {
    Title: 'Nous joindre',
    Description:
      '<p>Le bureau de la fédération répond aux questions sur les licences, la sanction des épreuves, les résultats et les règlements. Les jours de course, adressez-vous d’abord au directeur de course ou à la tente d’inscription de l’épreuve.</p>' +
      `<h3>Bureau de la fédération</h3><p>${FEDERATION['fr-CA']} (FMQR)<br/>${ADDRESS.street}<br/>${ADDRESS.city}<br/>Canada</p>` +
      `<p>Téléphone : <a href="tel:${ADDRESS.tel}">${ADDRESS.phone}</a><br/>Courriel : <a href="mailto:${ADDRESS.email}">${ADDRESS.email}</a></p>` +
      '<h3>Heures d’ouverture</h3><p>Du lundi au vendredi, de 9 h à 17 h (heure de l’Est). Fermé les jours fériés. Pendant la saison de course, nous répondons habituellement aux courriels en deux jours ouvrables.</p>' +
      '<h3>Promoteurs et clubs</h3><p>Pour faire sanctionner une épreuve la saison prochaine, envoyez votre demande, le plan de la piste ou du sentier et l’autorisation du propriétaire du terrain avant le 31 janvier.</p>',
  },
  es: {
    Title: 'Contacto',
    Description:
      '<p>La oficina de la federación responde preguntas sobre licencias, homologación de pruebas, resultados y el reglamento. Los días de carrera, diríjase primero al director de carrera o a la carpa de inscripción de la prueba.</p>' +
      `<h3>Oficina de la federación</h3><p>${FEDERATION.es} (FMQR)<br/>${ADDRESS.street}<br/>${ADDRESS.city}<br/>Canadá</p>` +
      `<p>Teléfono: <a href="tel:${ADDRESS.tel}">${ADDRESS.phone}</a><br/>Correo electrónico: <a href="mailto:${ADDRESS.email}">${ADDRESS.email}</a></p>` +
      '<h3>Horario de atención</h3><p>De lunes a viernes, de 9:00 a 17:00 (hora del Este). Cerrado los días festivos. Durante la temporada de carreras solemos responder los correos en un plazo de dos días hábiles.</p>' +
      '<h3>Promotores y clubes</h3><p>Para homologar una prueba la próxima temporada, envíe su solicitud, el plano de la pista o del sendero y la autorización del propietario del terreno antes del 31 de enero.</p>',
  },
};

const aboutPage = {
  en: {
    Title: 'About the federation',
    Description:
      '<p>The Federation of Off-Road Motorcycle and Quad Racing (FMQR) was founded in 1971, when six motocross clubs from Quebec and Eastern Ontario agreed on a common rulebook and a single championship. More than fifty seasons later, the federation sanctions some sixty race days a year in motocross, enduro, hare scramble and quad cross-country.</p>' +
      '<h3>Our mission</h3><ul><li>Write and maintain fair, safe racing rules for every age and skill level.</li><li>Train and certify race directors, flaggers and timing officials.</li><li>Issue rider licences with accident insurance.</li><li>Publish results and run the regional championships and series.</li><li>Work with land owners and municipalities to keep tracks and trails open.</li></ul>' +
      '<h3>Governance</h3><p>The FMQR is a not-for-profit organisation. A board of nine volunteers, elected each November by the affiliated clubs at the annual general meeting, sets the rules and the calendar; a small permanent staff runs the office, licensing and timing.</p>' +
      '<h3>Get involved</h3><p>Clubs are always looking for volunteers: flaggers, scorers, parking and first-aid helpers. Every volunteer receives training and a free pass for the day.</p>',
  },
  'fr-CA': {
    Title: 'À propos de la fédération',
    Description:
      '<p>La Fédération de course moto et quad hors route (FMQR) a été fondée en 1971, lorsque six clubs de motocross du Québec et de l’Est ontarien se sont entendus sur des règlements communs et un championnat unique. Plus de cinquante saisons plus tard, la fédération sanctionne une soixantaine de journées de course par année en motocross, en enduro, en hare scramble et en cross-country en quad.</p>' +
      '<h3>Notre mission</h3><ul><li>Rédiger et tenir à jour des règlements de course justes et sécuritaires pour tous les âges et tous les niveaux.</li><li>Former et certifier les directeurs de course, les signaleurs et les officiels du chronométrage.</li><li>Délivrer les licences des pilotes, assurance accident comprise.</li><li>Publier les résultats et gérer les championnats et les séries régionales.</li><li>Collaborer avec les propriétaires fonciers et les municipalités pour garder les pistes et les sentiers ouverts.</li></ul>' +
      '<h3>Gouvernance</h3><p>La FMQR est un organisme sans but lucratif. Un conseil d’administration de neuf bénévoles, élu chaque novembre par les clubs affiliés lors de l’assemblée générale annuelle, établit les règlements et le calendrier; une petite équipe permanente s’occupe du bureau, des licences et du chronométrage.</p>' +
      '<h3>Participez</h3><p>Les clubs cherchent toujours des bénévoles : signaleurs, marqueurs, préposés au stationnement et aux premiers soins. Chaque bénévole reçoit une formation et un laissez-passer gratuit pour la journée.</p>',
  },
  es: {
    Title: 'Acerca de la federación',
    Description:
      '<p>La Federación de Carreras de Motos y Cuatrimotos Todoterreno (FMQR) se fundó en 1971, cuando seis clubes de motocross de Quebec y del este de Ontario acordaron un reglamento común y un campeonato único. Más de cincuenta temporadas después, la federación homologa unas sesenta jornadas de carreras al año en motocross, enduro, hare scramble y cross-country en cuatrimoto.</p>' +
      '<h3>Nuestra misión</h3><ul><li>Redactar y mantener un reglamento de carreras justo y seguro para todas las edades y niveles.</li><li>Formar y certificar a directores de carrera, banderilleros y oficiales de cronometraje.</li><li>Emitir licencias de piloto con seguro de accidentes.</li><li>Publicar los resultados y organizar los campeonatos y series regionales.</li><li>Colaborar con propietarios y municipios para mantener abiertas las pistas y los senderos.</li></ul>' +
      '<h3>Gobierno</h3><p>La FMQR es una organización sin fines de lucro. Una junta directiva de nueve voluntarios, elegida cada noviembre por los clubes afiliados en la asamblea general anual, fija el reglamento y el calendario; un pequeño equipo permanente se ocupa de la oficina, las licencias y el cronometraje.</p>' +
      '<h3>Participe</h3><p>Los clubes siempre buscan voluntarios: banderilleros, anotadores y ayudantes de estacionamiento y primeros auxilios. Cada voluntario recibe capacitación y un pase gratuito para el día.</p>',
  },
};

const simplePages = [
  {
    key: 'rulebook',
    shared: { SeoLink: 'rulebook', PageName: 'rulebook' },
    en: {
      Title: 'Rulebook',
      PageTitle: 'FMQR rulebook – summary of the racing rules',
      PageDescription: 'Summary of the FMQR racing rules: licences, equipment, classes, flags, protests and penalties.',
      Description:
        '<p>This page summarises the main rules that apply at every FMQR-sanctioned event. The complete rulebook is available from the federation office and prevails in case of difference.</p>' +
        '<h3>1. Licences and registration</h3><p>Every rider must hold a valid annual or one-day FMQR licence and register before the close of registration announced for the event. Riders under 18 need the signed consent of a parent or guardian, who must be present on site.</p>' +
        '<h3>2. Equipment</h3><p>Riders must wear an approved helmet (DOT, ECE 22.06 or Snell), goggles, boots above the ankle, gloves, long trousers and a long-sleeved jersey. A chest protector is mandatory in the youth classes and for all quad classes. Machines pass technical inspection before their first practice: working kill switch, bar ends covered, no fluid leaks.</p>' +
        '<h3>3. Classes</h3><p>Riders are placed in classes by age, machine displacement and skill level (novice, intermediate, expert). A rider who wins three events in a season moves up one level the following season.</p>' +
        '<h3>4. Flags</h3><ul><li><strong>Green</strong>: the track is clear.</li><li><strong>Yellow</strong>: danger ahead, no jumping, no passing.</li><li><strong>Red</strong>: the race is stopped; slow down and return to the pits.</li><li><strong>Black</strong>: the rider shown must leave the track.</li><li><strong>White with red cross</strong>: medical staff on the track.</li><li><strong>Checkered</strong>: end of the race.</li></ul>' +
        '<h3>5. Protests and penalties</h3><p>A protest must be filed in writing with the race director within 30 minutes of the posting of the provisional results. Passing under a yellow flag costs a penalty of positions; unsportsmanlike conduct can lead to disqualification and suspension.</p>',
    },
    'fr-CA': {
      Title: 'Règlements',
      PageTitle: 'Règlements de la FMQR – résumé des règles de course',
      PageDescription: 'Résumé des règlements de course de la FMQR : licences, équipement, catégories, drapeaux, protêts et pénalités.',
      Description:
        '<p>Cette page résume les principales règles qui s’appliquent à toutes les épreuves sanctionnées par la FMQR. Le règlement complet est disponible au bureau de la fédération et prévaut en cas de divergence.</p>' +
        '<h3>1. Licences et inscription</h3><p>Chaque pilote doit détenir une licence FMQR annuelle ou d’un jour valide et s’inscrire avant la fermeture des inscriptions annoncée pour l’épreuve. Les pilotes de moins de 18 ans doivent avoir le consentement signé d’un parent ou d’un tuteur, qui doit être présent sur place.</p>' +
        '<h3>2. Équipement</h3><p>Les pilotes doivent porter un casque homologué (DOT, ECE 22.06 ou Snell), des lunettes, des bottes montant au-dessus de la cheville, des gants, un pantalon long et un maillot à manches longues. Le plastron est obligatoire dans les catégories jeunesse et dans toutes les catégories quad. Les machines passent l’inspection technique avant leur premier essai : coupe-circuit fonctionnel, embouts de guidon couverts, aucune fuite de liquide.</p>' +
        '<h3>3. Catégories</h3><p>Les pilotes sont classés selon leur âge, la cylindrée de leur machine et leur niveau (novice, intermédiaire, expert). Un pilote qui remporte trois épreuves dans une saison monte d’un niveau la saison suivante.</p>' +
        '<h3>4. Drapeaux</h3><ul><li><strong>Vert</strong> : la piste est libre.</li><li><strong>Jaune</strong> : danger, aucun saut ni dépassement.</li><li><strong>Rouge</strong> : la course est arrêtée; ralentissez et retournez aux puits.</li><li><strong>Noir</strong> : le pilote désigné doit quitter la piste.</li><li><strong>Blanc à croix rouge</strong> : personnel médical sur la piste.</li><li><strong>Damier</strong> : fin de la course.</li></ul>' +
        '<h3>5. Protêts et pénalités</h3><p>Un protêt doit être déposé par écrit auprès du directeur de course dans les 30 minutes suivant l’affichage des résultats provisoires. Un dépassement sous drapeau jaune entraîne une pénalité de positions; une conduite antisportive peut mener à la disqualification et à la suspension.</p>',
    },
    es: {
      Title: 'Reglamento',
      PageTitle: 'Reglamento de la FMQR – resumen de las reglas de carrera',
      PageDescription: 'Resumen del reglamento de carreras de la FMQR: licencias, equipamiento, categorías, banderas, reclamaciones y sanciones.',
      Description:
        '<p>Esta página resume las principales reglas que se aplican en todas las pruebas homologadas por la FMQR. El reglamento completo está disponible en la oficina de la federación y prevalece en caso de diferencia.</p>' +
        '<h3>1. Licencias e inscripción</h3><p>Cada piloto debe tener una licencia FMQR anual o de un día vigente e inscribirse antes del cierre de inscripciones anunciado para la prueba. Los pilotos menores de 18 años necesitan el consentimiento firmado de su padre, madre o tutor, que debe estar presente en el lugar.</p>' +
        '<h3>2. Equipamiento</h3><p>Los pilotos deben llevar un casco homologado (DOT, ECE 22.06 o Snell), gafas, botas por encima del tobillo, guantes, pantalón largo y camiseta de manga larga. El peto es obligatorio en las categorías juveniles y en todas las categorías de cuatrimoto. Las máquinas pasan la inspección técnica antes de su primer entrenamiento: interruptor de paro funcional, extremos del manillar cubiertos y sin fugas de líquidos.</p>' +
        '<h3>3. Categorías</h3><p>Los pilotos se clasifican por edad, cilindrada de la máquina y nivel (novato, intermedio, experto). Un piloto que gana tres pruebas en una temporada sube un nivel la temporada siguiente.</p>' +
        '<h3>4. Banderas</h3><ul><li><strong>Verde</strong>: la pista está libre.</li><li><strong>Amarilla</strong>: peligro, prohibido saltar y adelantar.</li><li><strong>Roja</strong>: la carrera se detiene; reduzca la velocidad y vuelva a boxes.</li><li><strong>Negra</strong>: el piloto indicado debe abandonar la pista.</li><li><strong>Blanca con cruz roja</strong>: personal médico en la pista.</li><li><strong>A cuadros</strong>: fin de la carrera.</li></ul>' +
        '<h3>5. Reclamaciones y sanciones</h3><p>Toda reclamación debe presentarse por escrito al director de carrera dentro de los 30 minutos siguientes a la publicación de los resultados provisionales. Adelantar bajo bandera amarilla se sanciona con pérdida de posiciones; una conducta antideportiva puede llevar a la descalificación y a la suspensión.</p>',
    },
  },
  {
    key: 'privacy',
    shared: { SeoLink: 'privacy', PageName: 'privacy' },
    en: {
      Title: 'Privacy policy',
      PageTitle: 'Privacy policy – FMQR',
      PageDescription: 'How the FMQR collects, uses and protects the personal information of riders, parents and spectators.',
      Description:
        '<p>The FMQR protects the personal information of its members, riders, parents and spectators in accordance with Quebec’s Act respecting the protection of personal information in the private sector and Canada’s PIPEDA.</p>' +
        '<h3>What we collect</h3><p>When you buy a licence or register for an event we collect your name, date of birth, gender, address, phone number, email, emergency contact and, for minors, the name of the responsible adult. Payments are processed by our payment provider; we never store your card number.</p>' +
        '<h3>Why we use it</h3><p>To issue licences and insurance, register you for events, publish results, run the championships and contact you about your registrations. Race results (name, number, class, city and times) are public by nature and are published on this website.</p>' +
        '<h3>How long we keep it</h3><p>Licence and insurance records are kept for seven years; event registrations for three years; results indefinitely, as part of the sport’s history.</p>' +
        `<h3>Your rights</h3><p>You may access, correct or ask us to delete your personal information, and withdraw consent to non-essential communications, by writing to our privacy officer at <a href="mailto:${ADDRESS.email}">${ADDRESS.email}</a>.</p>`,
    },
    'fr-CA': {
      Title: 'Politique de confidentialité',
      PageTitle: 'Politique de confidentialité – FMQR',
      PageDescription: 'Comment la FMQR recueille, utilise et protège les renseignements personnels des pilotes, des parents et des spectateurs.',
      Description:
        '<p>La FMQR protège les renseignements personnels de ses membres, pilotes, parents et spectateurs conformément à la Loi sur la protection des renseignements personnels dans le secteur privé du Québec et à la LPRPDE du Canada.</p>' +
        '<h3>Ce que nous recueillons</h3><p>Lorsque vous achetez une licence ou vous inscrivez à une épreuve, nous recueillons votre nom, votre date de naissance, votre genre, votre adresse, votre numéro de téléphone, votre courriel, une personne à joindre en cas d’urgence et, pour les mineurs, le nom de l’adulte responsable. Les paiements sont traités par notre fournisseur de paiement; nous ne conservons jamais votre numéro de carte.</p>' +
        '<h3>Pourquoi nous les utilisons</h3><p>Pour délivrer les licences et l’assurance, vous inscrire aux épreuves, publier les résultats, gérer les championnats et communiquer avec vous au sujet de vos inscriptions. Les résultats de course (nom, numéro, catégorie, ville et temps) sont publics par nature et sont publiés sur ce site.</p>' +
        '<h3>Durée de conservation</h3><p>Les dossiers de licence et d’assurance sont conservés sept ans; les inscriptions aux épreuves, trois ans; les résultats, indéfiniment, puisqu’ils font partie de l’histoire du sport.</p>' +
        `<h3>Vos droits</h3><p>Vous pouvez consulter ou rectifier vos renseignements personnels, en demander la suppression et retirer votre consentement aux communications non essentielles en écrivant à notre responsable de la protection des renseignements personnels à <a href="mailto:${ADDRESS.email}">${ADDRESS.email}</a>.</p>`,
    },
    es: {
      Title: 'Política de privacidad',
      PageTitle: 'Política de privacidad – FMQR',
      PageDescription: 'Cómo la FMQR recopila, utiliza y protege la información personal de pilotos, padres y espectadores.',
      Description:
        '<p>La FMQR protege la información personal de sus miembros, pilotos, padres y espectadores de conformidad con la ley de Quebec sobre la protección de la información personal en el sector privado y con la ley federal canadiense PIPEDA.</p>' +
        '<h3>Qué recopilamos</h3><p>Cuando compra una licencia o se inscribe en una prueba, recopilamos su nombre, fecha de nacimiento, género, dirección, teléfono, correo electrónico, un contacto de emergencia y, en el caso de menores, el nombre del adulto responsable. Los pagos los procesa nuestro proveedor de pagos; nunca guardamos el número de su tarjeta.</p>' +
        '<h3>Para qué la usamos</h3><p>Para emitir licencias y seguros, inscribirle en las pruebas, publicar resultados, organizar los campeonatos y comunicarnos con usted sobre sus inscripciones. Los resultados de carrera (nombre, número, categoría, ciudad y tiempos) son públicos por naturaleza y se publican en este sitio.</p>' +
        '<h3>Cuánto tiempo la conservamos</h3><p>Los registros de licencias y seguros se conservan siete años; las inscripciones a pruebas, tres años; los resultados, de forma indefinida, como parte de la historia del deporte.</p>' +
        `<h3>Sus derechos</h3><p>Puede acceder a su información personal, corregirla o pedir que la eliminemos, y retirar su consentimiento a las comunicaciones no esenciales, escribiendo a nuestro responsable de privacidad a <a href="mailto:${ADDRESS.email}">${ADDRESS.email}</a>.</p>`,
    },
  },
];

// --- Sponsors ---------------------------------------------------------------

const sponsors = [
  {
    key: 'summit',
    image: 'sponsorSummit',
    shared: { Name: 'Summit Tire Co.', Link: null, sort_order: 1 },
    en: { Description: 'Official tire supplier of the motocross championship since 2009.' },
    'fr-CA': { Description: 'Fournisseur officiel de pneus du championnat de motocross depuis 2009.' },
    es: { Description: 'Proveedor oficial de neumáticos del campeonato de motocross desde 2009.' },
  },
  {
    key: 'northline',
    image: 'sponsorNorthline',
    shared: { Name: 'Northline Lubricants', Link: '/series', sort_order: 2 },
    en: { Description: 'Title sponsor of the Northline Enduro Cup, six long-distance rounds in the Laurentians and the Ottawa Valley.' },
    'fr-CA': { Description: 'Commanditaire en titre de la Coupe enduro Northline, six manches de longue distance dans les Laurentides et la vallée de l’Outaouais.' },
    es: { Description: 'Patrocinador principal de la Copa de Enduro Northline, seis rondas de larga distancia en los Laurentides y el valle del Ottawa.' },
  },
  {
    key: 'trailhead',
    image: 'sponsorTrailhead',
    shared: { Name: 'Trailhead Powersports', Link: null, sort_order: 3 },
    en: { Description: 'Dealer network supporting the quad cross-country series and its youth classes.' },
    'fr-CA': { Description: 'Réseau de concessionnaires qui soutient la série de cross-country en quad et ses catégories jeunesse.' },
    es: { Description: 'Red de concesionarios que apoya la serie de cross-country en cuatrimoto y sus categorías juveniles.' },
  },
  {
    key: 'ironwood',
    image: 'sponsorIronwood',
    shared: { Name: 'Ironwood Helmets', Link: null, sort_order: 4 },
    en: { Description: 'Provides helmets for the federation’s rider-safety program and its first-time racer clinics.' },
    'fr-CA': { Description: 'Fournit les casques du programme de sécurité des pilotes de la fédération et de ses cliniques pour nouveaux pilotes.' },
    es: { Description: 'Aporta los cascos del programa de seguridad de pilotos de la federación y de sus clínicas para principiantes.' },
  },
  {
    key: 'maple-ridge',
    image: 'sponsorMapleRidge',
    shared: { Name: 'Maple Ridge Suspension', Link: null, sort_order: 5 },
    en: { Description: 'Trackside suspension service at every round of the motocross championship.' },
    'fr-CA': { Description: 'Service de suspension en bord de piste à chaque manche du championnat de motocross.' },
    es: { Description: 'Servicio de suspensiones a pie de pista en cada ronda del campeonato de motocross.' },
  },
];

// --- Site parameters ----------------------------------------------------------

const siteTitle = `FMQR – ${FEDERATION.en}`;

const parameters: [string, string][] = [
  ['DefaultOrganization', '1'],
  ['DefaultPromoterList', '[1]'],
  ['DefaultPromoter', '1'],
  ['DefaultPromoterUserId', '1'],
  ['AccordionColor', '#e3f2fd'],
  ['ButtonColor', '#1976d2'],
  ['HoverColor', '#1565c0'],
  ['NavbarColor', '#0d2c54'],
  ['NormalColor', '#1976d2'],
  ['SubheaderColor', '#1976d2'],
  ['SubheaderFontColor', '#ffffff'],
  ['SubheaderFontSize', '44'],
  ['MainMenuButtonColor', '#0d2c54'],
  ['MainMenuBorder', '#ff8f00'],
  ['MainMenuFontColor', '#ffffff'],
  ['MainMenuFontSize', '16'],
  ['SuccessMessageBackground', '#e8f5e9'],
  ['SuccessMessageBorder', '#00e676'],
  ['SuccessMessageFontColor', '#1b5e20'],
  ['DefaultLocale', 'en'],
  ['LocaleList', '["en","fr-CA","es"]'],
  ['LanguageList', '[{"name":"English","ab":"en"},{"name":"Français","ab":"fr"},{"name":"Español","ab":"es"}]'],
  ['TabTitle', siteTitle],
  ['TabLogo', 'TabLogo'],
  ['Layout', 'main'],
  ['CaptchaSiteKey', ''],
  ['MapsKeyName', ''],
  ['ApiLink', '/ll/api/v1'],
  ['Domain', 'localhost'],
  ['ContentServiceAddress', 'http://127.0.0.1:1337'],
  ['RootPath', '/ll'],
  ['PageTitle', siteTitle],
];

const parameterImages: [string, string][] = [
  ['Logo', 'logo'],
  ['ImagePlaceholder', 'imagePlaceholder'],
  ['TabLogo', 'tabLogo'],
  ['TopBannerLogo', 'topBannerLogo'],
];

export {
  LOCALES,
  locales,
  images,
  subMenus,
  menus,
  homeMenus,
  homeContent,
  staticFooters,
  floatingFooter,
  contactPage,
  aboutPage,
  simplePages,
  sponsors,
  parameters,
  parameterImages,
};
