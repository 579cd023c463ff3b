/**
 * Race database schema (Drizzle, PostgreSQL dialect). Times are integers in milliseconds,
 * speeds in km/h, dates `date` columns (YYYY-MM-DD). Spec §3 (Event, Race, Race results
 * columns, Series) and DESIGN.md (field names: passing, lap, class, class group, team …).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACCOUNT_TYPES, GENDERS, RELATIONSHIPS } from '../../contracts/account';
import { REGISTRATION_STATES } from '../../contracts/events';
import { LIVE_STATES } from '../../contracts/live';
import { RACE_KINDS, RESULT_STATES, RESULTS_STATUSES, type RaceClock, type RaceConfig, type SectionTime } from '../../contracts/results';
import { SERIES_TYPES, type SeriesRulesInput } from '../../contracts/series';
import type { EventDescriptions } from '../../contracts/events';
import type { RegistrationSettings } from '../../contracts/registration-settings';
import type { SpectatorSettings } from '../../contracts/spectator-settings';
import type { Translations } from '../../contracts/translations';
import { PURCHASE_KINDS } from '../checkout/kinds';
import { PAYMENT_DISPOSITIONS, PAYMENT_PROVIDERS, PAYMENT_REASONS, PROMO_KINDS, RELEASE_REASONS } from '../checkout/records';
import type { LineTax } from '../checkout/tax';

/** A text in the site's other languages (issue 25 "French and Spanish data"): `{ fr?, es? }`; a language absent shows the English column. */
const translations = (name: string) => jsonb(name).$type<Translations>().notNull().default(sql`'{}'::jsonb`);

export type { RaceConfig, SectionTime };

/** An import's report: unknown message types with their counts, skipped lines with the reason. */
export interface ImportReport {
  unknownMessages: Record<string, number>;
  skippedLines: { line: number; field: string; detail: string }[];
  /** Positions the file gave that the ranking rules do not reproduce (lib/server/ranking). */
  positionChecks?: { race: string; kind: 'overall' | 'class' | 'team'; key: string; given: number | null; computed: number | null }[];
}

export const resultState = pgEnum('result_state', RESULT_STATES);
export const raceKind = pgEnum('race_kind', RACE_KINDS);
export const liveStateEnum = pgEnum('live_state', LIVE_STATES);
export const seriesType = pgEnum('series_type', SERIES_TYPES);
export const registrationState = pgEnum('registration_state', REGISTRATION_STATES);
export const accountType = pgEnum('account_type', ACCOUNT_TYPES);
export const genderEnum = pgEnum('gender', GENDERS);
export const relationshipEnum = pgEnum('relationship', RELATIONSHIPS);
export const purchaseKind = pgEnum('purchase_kind', PURCHASE_KINDS);
export const paymentProviderEnum = pgEnum('payment_provider', PAYMENT_PROVIDERS);

/**
 * `is_sample`: a row the first start seeded as sample data around the real results (spec §1
 * "the federation"; lib/server/seed/sample.ts), not an organization's own record. Every table
 * an administrator browses carries it, so sample rows are plain to see and easy to delete.
 */
const isSample = () => boolean('is_sample').notNull().default(false);

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  email: text('email'),
  website: text('website'),
  phone: text('phone'),
  /** Street address of the office. */
  address: text('address'),
  postalCode: text('postal_code'),
  /** About text: plain paragraphs separated by blank lines (shown on /organizations/{id}/about-us). */
  description: text('description'),
  /** Its name in French and Spanish (issue 25: the federation's name inside French text); a language absent shows `name`. */
  names: translations('names'),
  /** Its about text in French and Spanish; a language absent shows `description`. */
  descriptions: translations('descriptions'),
  /** Whether visitors may see the organization's pages. */
  isPublic: boolean('is_public').notNull().default(true),
  isSample: isSample(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const promoters = pgTable(
  'promoters',
  {
    id: serial('id').primaryKey(),
    /** The promoter's user id: `/results/{promoterUserId}` (spec §2). */
    userId: integer('user_id').notNull(),
    organizationId: integer('organization_id').references(() => organizations.id),
    name: text('name').notNull(),
    city: text('city'),
    state: text('state'),
    email: text('email'),
    website: text('website'),
    phone: text('phone'),
    /** About the club: plain paragraphs separated by blank lines. */
    description: text('description'),
    /** Its name in French and Spanish (the default promoter carries the federation's name); a language absent shows `name`. */
    names: translations('names'),
    /** Its about text in French and Spanish; a language absent shows `description`. */
    descriptions: translations('descriptions'),
    /** Whether visitors may see the promoter (spec §6 Promoter display). */
    isPublic: boolean('is_public').notNull().default(true),
    isSample: isSample(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promoters_user_id_uq').on(t.userId)],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    promoterId: integer('promoter_id')
      .notNull()
      .references(() => promoters.id),
    organizationId: integer('organization_id').references(() => organizations.id),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** The venue's name (track, club grounds). */
    location: text('location'),
    /** Street address of the venue (with city, state, postal code, country: the map link). */
    address: text('address'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country'),
    /** motocross, enduro, quad, supercross, road… (EVENT_DISCIPLINES); null when unknown. */
    discipline: text('discipline'),
    trackLengthKm: real('track_length_km'),
    /** The event's description as its promoter wrote it (shown where no translation is given). */
    description: text('description'),
    /** Its description in the other languages of the site (issue 24: "description in each language"); a language absent shows `description`. */
    descriptions: jsonb('descriptions').$type<EventDescriptions>().notNull().default(sql`'{}'::jsonb`),
    /**
     * The club hosting the event as team names spell it (`CJCR` for `CJCR - …`): its teams score
     * 0 in a team championship at their own event (lib/contracts/series.ts teamRules).
     */
    hostClub: text('host_club'),
    /** Whether visitors may see the event (spec §6 Event display). */
    isPublic: boolean('is_public').notNull().default(true),
    /** The optional online-registration permission per event (spec §1). */
    registrationOpen: boolean('registration_open').notNull().default(false),
    /** Last day of online registration (YYYY-MM-DD, inclusive); null: until the day before the start. */
    registrationClosesOn: date('registration_closes_on', { mode: 'string' }),
    /** First day of online registration (YYYY-MM-DD, inclusive); null: as soon as it is allowed (issue 24, the registration window). */
    registrationOpensOn: date('registration_opens_on', { mode: 'string' }),
    /** The event has been run and its results are final (spec §4 "an event can be complete"). */
    isComplete: boolean('is_complete').notNull().default(false),
    /** Called off by its promoter (issue 24 "create, edit, cancel"): still listed, marked cancelled, no registration. */
    isCancelled: boolean('is_cancelled').notNull().default(false),
    /** What the promoter set for online registration (issue 27; lib/contracts/registration-settings.ts): fees by date, gate payment, selfie, waiting-list offers, refunds, transponders, questions. */
    registrationSettings: jsonb('registration_settings').$type<Partial<RegistrationSettings>>().notNull().default(sql`'{}'::jsonb`),
    /** Spectator tickets (issue 28): prices by age band, free age, daily capacity, selfie, gate payment (lib/contracts/spectator-settings.ts). */
    spectatorSettings: jsonb('spectator_settings').$type<Partial<SpectatorSettings>>().notNull().default(sql`'{}'::jsonb`),
    isSample: isSample(),
    source: text('source'),
    sourceFile: text('source_file'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last change (set by every update through Drizzle): iCalendar LAST-MODIFIED. */
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('events_promoter_start_idx').on(t.promoterId, t.startDate)],
);

export const classGroups = pgTable('class_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The organization whose rulebook defines the group; null for groups met only in imports. */
  organizationId: integer('organization_id').references(() => organizations.id),
  sortOrder: integer('sort_order').notNull().default(0),
  isSample: isSample(),
});

/**
 * Classes, per organization (issue 24: two organizations may each have "Open"): a name is unique
 * within its organization, and among the classes met only in imports (organization null: NULLS
 * NOT DISTINCT). An import takes the event organization's class of that name, else the
 * organization-less one, else the only class of that name (lib/server/import/class-ids.ts).
 */
export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    classGroupId: integer('class_group_id').references(() => classGroups.id),
    /** The organization whose rulebook defines the class; null for classes met only in imports. */
    organizationId: integer('organization_id').references(() => organizations.id),
    /** Who may ride it (displacement, licence level), plain text. */
    description: text('description'),
    /** Who may ride it in French and Spanish (the desk edits them); a language absent shows `description`. */
    descriptions: translations('descriptions'),
    /** Age limits in years on race day, inclusive; null = none. */
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    sortOrder: integer('sort_order').notNull().default(0),
    isSample: isSample(),
  },
  (t) => [unique('classes_org_name_uq').on(t.organizationId, t.name).nullsNotDistinct()],
);

export const races = pgTable(
  'races',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    runNumber: integer('run_number'),
    kind: raceKind('kind').notNull().default('sprint'),
    sortOrder: integer('sort_order').notNull().default(0),
    startTime: text('start_time'),
    /** Races may be hidden from public display (spec §6). */
    isPublic: boolean('is_public').notNull().default(true),
    /** Provisional or official results (lib/contracts/results.ts RESULTS_STATUSES; `auto`: official once the event is complete). */
    resultsStatus: text('results_status', { enum: RESULTS_STATUSES }).notNull().default('auto'),
    config: jsonb('config').$type<RaceConfig>().notNull(),
    /** The race clock as last sent by the timing system (RMonitor `$F`), null when none. */
    clock: jsonb('clock').$type<RaceClock>(),
    /** The import that wrote this race (its file's results are replaced together). */
    importId: integer('import_id').references((): AnyPgColumn => imports.id, { onDelete: 'set null' }),
    /** `live` while a timing feed writes it (lib/server/timing/live), `finished` once its session ended; null for imported races. */
    liveState: liveStateEnum('live_state'),
    /** The live feed's RMonitor run (`runNo|description`) this race holds: a reconnecting feed finds its race again. */
    liveRunKey: text('live_run_key'),
    /** Grows by one with every live change written (the SSE event id). */
    liveSeq: integer('live_seq').notNull().default(0),
    /** When the live feed last changed this race. */
    liveUpdatedAt: timestamp('live_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('races_event_idx').on(t.eventId),
    index('races_import_idx').on(t.importId),
    index('races_live_idx').on(t.liveState).where(sql`live_state = 'live'`),
  ],
);

export const participants = pgTable(
  'participants',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    /**
     * The rider's competition licence number as the rider typed it in their profile. It matches the
     * rider across events (series, the rider page, claims) only once confirmed (issue 29: a typed
     * number needs proof, or a racer could take another's standings).
     */
    licence: text('licence'),
    /** When an official confirmed the licence (seen on the rider's card at sign-on); null: not confirmed, not used for matching. A changed licence is unconfirmed again. */
    licenceConfirmedAt: timestamp('licence_confirmed_at', { withTimezone: true }),
    /** Who confirmed it (`users.id`), or `federation` for a number the federation's own records carry. */
    licenceConfirmedBy: text('licence_confirmed_by'),
    /**
     * When the account that held this racer record closed (issue 29): the record keeps its
     * results, registrations and memberships, its names are emptied and pages show it as a
     * "former member" (lib/format/person-name.ts). Null for everyone else.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    isSample: isSample(),
  },
  (t) => [index('participants_name_idx').on(t.lastName, t.firstName)],
);

/**
 * Rider identity set by hand (lib/server/series/riders.ts): a merge gives several participant
 * records one `rider_key` (the same person imported twice), a split gives one its own. Without
 * a row here a participant's key comes from licence, member number, or name + number + class.
 */
export const riderLinks = pgTable(
  'rider_links',
  {
    participantId: integer('participant_id')
      .primaryKey()
      .references(() => participants.id, { onDelete: 'cascade' }),
    riderKey: text('rider_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rider_links_key_idx').on(t.riderKey)],
);

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position'),
    state: resultState('state').notNull().default('finished'),
    totalCheckpoints: integer('total_checkpoints'),
    totalPoints: integer('total_points'),
    totalEmergencyPoints: integer('total_emergency_points'),
  },
  (t) => [uniqueIndex('teams_race_name_uq').on(t.raceId, t.name)],
);

export const entries = pgTable(
  'entries',
  {
    id: serial('id').primaryKey(),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id),
    /** The entry's key in its source file (registration number, enduro row). */
    sourceKey: text('source_key').notNull(),
    raceNumber: text('race_number').notNull(),
    classId: integer('class_id').references(() => classes.id),
    brand: text('brand'),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** Team name as entered, when the team is not scored as a team. */
    teamName: text('team_name'),
    transponder: text('transponder'),
    /** Start grid (spec §7 racesStartGrid): the entry's grid slot or start row, 1 = front; null when not set. */
    gridPosition: integer('grid_position'),
    /** The enduro start minute/row as written (`23A` → row 23) or the gate a motocross rider picked. */
    gridLabel: text('grid_label'),
  },
  (t) => [uniqueIndex('entries_race_key_uq').on(t.raceId, t.sourceKey)],
);

export const passings = pgTable(
  'passings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    /** Lap completed by this passing (0 = the crossing that starts lap 1); null for loop passings. */
    lapNumber: integer('lap_number'),
    lapTimeMs: integer('lap_time_ms'),
    totalTimeMs: integer('total_time_ms'),
    /** Section, checkpoint or timing line; null for the finish line. */
    section: text('section'),
    keyTimeInMs: integer('key_time_in_ms'),
    keyTimeOutMs: integer('key_time_out_ms'),
    readTime: timestamp('read_time', { withTimezone: true }),
    /** When the row was written (the live feed: when the passing arrived; the desk shows the newest, issue 24); null for rows older than the column. */
    writtenAt: timestamp('written_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [index('passings_race_entry_idx').on(t.raceId, t.entryId)],
);

export const results = pgTable(
  'results',
  {
    id: serial('id').primaryKey(),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    position: integer('position'),
    classPosition: integer('class_position'),
    groupPosition: integer('group_position'),
    laps: integer('laps'),
    totalTimeMs: integer('total_time_ms'),
    bestLapMs: integer('best_lap_ms'),
    bestLapNumber: integer('best_lap_number'),
    lastLapMs: integer('last_lap_ms'),
    gapMs: integer('gap_ms'),
    diffMs: integer('diff_ms'),
    penaltyMs: integer('penalty_ms'),
    /** Penalty in laps (taken off the laps completed when ranking). */
    penaltyLaps: integer('penalty_laps'),
    state: resultState('state').notNull().default('finished'),
    checkpoints: integer('checkpoints'),
    points: integer('points'),
    emergencyPoints: integer('emergency_points'),
    pointsOverall: integer('points_overall'),
    pointsClass: integer('points_class'),
    pointsGroup: integer('points_group'),
    speedKmh: real('speed_kmh'),
    sectionTimes: jsonb('section_times').$type<SectionTime[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [uniqueIndex('results_entry_uq').on(t.entryId), index('results_race_idx').on(t.raceId)],
);

export const series = pgTable('series', {
  id: serial('id').primaryKey(),
  promoterId: integer('promoter_id')
    .notNull()
    .references(() => promoters.id),
  name: text('name').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  /**
   * The scoring rules as data (lib/contracts/series.ts `seriesRules`: points table, per moto or
   * per event, classes and class groups, best N / drop scores, minimum events, tie-breaks,
   * excluded races, team and club championships). Read through `seriesRules.parse`, so `{}` is
   * the defaults.
   */
  rules: jsonb('rules').$type<SeriesRulesInput>().notNull().default(sql`'{}'::jsonb`),
  seriesType: seriesType('series_type').notNull().default('overall'),
  isPublic: boolean('is_public').notNull().default(true),
  isSample: isSample(),
});

export const seriesEvents = pgTable(
  'series_events',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('series_events_uq').on(t.seriesId, t.eventId)],
);

/** One row per imported results file (written in the import's own transaction). */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    sourceFile: text('source_file').notNull(),
    /** SHA-256 of the file's content (hex): the same file is imported once (or replaced). */
    contentHash: text('content_hash'),
    format: text('format').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    raceCount: integer('race_count').notNull(),
    entryCount: integer('entry_count').notNull(),
    passingCount: integer('passing_count').notNull(),
    /** What the importer reported: unknown message types counted, lines skipped (`--lenient`). */
    report: jsonb('report').$type<ImportReport>(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('imports_content_hash_uq').on(t.contentHash)],
);

/**
 * Messages sent through the contact form (spec §1 "a contact page"; lib/server/contact). A row
 * is written in the same transaction as its .eml file in OUTBOX_DIR (`eml_file`, the file's
 * name); `sent_at` is when the SMTP server accepted it, null when SMTP_URL is unset or the
 * send failed (the .eml in the outbox is then the only copy). The indexes serve the
 * per-address and per-IP rate limits (3 messages in 10 minutes).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Lower-cased (lib/contracts/contact.ts). */
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The interface language the visitor wrote from (en, fr, es). */
    locale: text('locale').notNull(),
    /** The visitor's address: the first hop of X-Forwarded-For, else 'unknown'. */
    ip: text('ip').notNull(),
    /** The organization written to (/organizations/{id}/contact); null: the site's contact page. */
    organizationId: integer('organization_id').references(() => organizations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    emlFile: text('eml_file'),
  },
  (t) => [index('contact_messages_email_created_idx').on(t.email, t.createdAt), index('contact_messages_ip_created_idx').on(t.ip, t.createdAt)],
);

/**
 * Classes an event offers for registration (spec §7 registration/loadClasses): entry fee in
 * cents, optional capacity.
 */
export const eventClasses = pgTable(
  'event_classes',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    /** Entry fee in cents (CAD). */
    feeCents: integer('fee_cents').notNull().default(0),
    /** Most riders the class takes; null = no limit. */
    capacity: integer('capacity'),
    /** The fee until the event's early deadline, in cents; null: the regular fee (issue 27 "fees by date"). */
    earlyFeeCents: integer('early_fee_cents'),
    /** The fee from the event's late date, in cents; null: the regular fee. */
    lateFeeCents: integer('late_fee_cents'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('event_classes_uq').on(t.eventId, t.classId)],
);

/**
 * A rider's registration for an event in a class (spec §3 Registration: counts, registrants,
 * classes, rows). Written in one transaction with its payment (issue: registration flow).
 */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    raceNumber: text('race_number'),
    brand: text('brand'),
    state: registrationState('state').notNull().default('registered'),
    /** The order line that charges its entry fee (issue 27: "a registration is one transaction with its order"); null for sample rows and free entries. */
    orderLineId: integer('order_line_id').references((): AnyPgColumn => orderLines.id),
    /** The waiver signed for it (issue 27). */
    waiverDocumentId: uuid('waiver_document_id').references((): AnyPgColumn => waiverDocuments.id, { onDelete: 'set null' }),
    /** The rider's own transponder number, or null with `transponderRental` (the promoter's, given at sign-on). */
    transponder: text('transponder'),
    transponderRental: boolean('transponder_rental').notNull().default(false),
    /** Answers to the promoter's questions, by question id. */
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** Who registered the rider (the rider, or their guardian): `users.id`. */
    registeredBy: text('registered_by'),
    /** Waiting list: until when the freed place offered to this rider waits for them. */
    offeredUntil: timestamp('offered_until', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Sign-on: when an official marked the rider present. */
    presentAt: timestamp('present_at', { withTimezone: true }),
    /** Start grid (issue 27): the rider's place in the class's grid from the promoter's draw (1 = first); null follows registration order. */
    gridPosition: integer('grid_position'),
    isSample: isSample(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registrations_event_idx').on(t.eventId, t.classId),
    // One live registration per rider and class; a cancelled one may be followed by a new one.
    uniqueIndex('registrations_rider_uq').on(t.eventId, t.classId, t.participantId).where(sql`${t.state} <> 'cancelled'`),
  ],
);

/** What an organization sells as membership (spec §2 /membership/type, /organizations/{id}/membership-type). */
export const membershipTypes = pgTable('membership_types', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  name: text('name').notNull(),
  description: text('description'),
  /** Its name in French and Spanish; a language absent shows `name`. */
  names: translations('names'),
  /** Its description in French and Spanish; a language absent shows `description`. */
  descriptions: translations('descriptions'),
  /** Price in cents (CAD). */
  priceCents: integer('price_cents').notNull(),
  /** Age limits in years, inclusive; null = none. */
  minAge: integer('min_age'),
  maxAge: integer('max_age'),
  /** How long a membership of this type lasts: `season` (to 31 December) or `event` (one day). */
  validity: text('validity').notNull().default('season'),
  /**
   * A family type (issue 26): bought once by a guardian, it makes the guardian and each of their
   * minors members (one membership each, all from the one order line); its age limits apply to
   * the guardian only.
   */
  family: boolean('family').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  isSample: isSample(),
});

/** A participant's membership of an organization (spec §2 /membership/members, /organizations/{id}/members). */
export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id),
    membershipTypeId: integer('membership_type_id')
      .notNull()
      .references(() => membershipTypes.id),
    /**
     * The member number printed on the card. A membership bought online carries the holder's
     * permanent number (`member_numbers`, the same every season); seeded rows keep theirs.
     */
    number: text('number').notNull(),
    /** The club the member rides for, when any. */
    promoterId: integer('promoter_id').references(() => promoters.id),
    /** The racing class the member chose when buying (the organization's `classes`), when any. */
    classId: integer('class_id').references(() => classes.id),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** The order line that bought it (issue 26), once paid; null for seeded and office-entered rows. One membership per line. */
    orderLineId: integer('order_line_id').references((): AnyPgColumn => orderLines.id),
    isSample: isSample(),
  },
  (t) => [
    // The same permanent number in several seasons; never twice in one organization from the same day.
    uniqueIndex('memberships_org_number_from_uq').on(t.organizationId, t.number, t.validFrom),
    uniqueIndex('memberships_order_line_uq').on(t.orderLineId),
    index('memberships_participant_idx').on(t.participantId),
  ],
);

/**
 * Seed steps already done (lib/server/seed): each runs once per database, so data an
 * administrator deleted or blanked (the sample rows, a venue) is not brought back at the next
 * start.
 */
/**
 * The RMonitor timing feed of an event (issue 10 "host and port per event"): `npm run live --
 * --event ID --host H --port P` saves it here and runs the client.
 */
export const liveFeeds = pgTable('live_feeds', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export const seedState = pgTable('seed_state', {
  step: text('step').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Accounts (issue 11; spec §3 Participant account, §4, §6). The four better-auth tables
// (users, sessions, auth_accounts, verifications) follow better-auth's core schema; the
// password hash lives in `auth_accounts.password` (provider `credential`). Personal data
// lives only in `participant_profiles`, never in `participants` (the public racer record).

/** A login (better-auth `user`), with its account type as `role` (spec §6). */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: accountType('role').notNull().default('participant'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** A database session (better-auth `session`); the cookie holds its signed token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** A credential of a login (better-auth `account`): for email and password, provider `credential` with the hash. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

/** better-auth `verification` (kept for the library; password resets use `password_resets`). */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * A participant's personal record (spec §3 Participant account): the holder of a login
 * (`user_id`), or a minor managed by a guardian (`guardian_id`, `relationship`; no login).
 * `participant_id` is the public racer record results and registrations point at. Visible
 * only to the holder and their guardian (lib/server/accounts).
 */
export const participantProfiles = pgTable(
  'participant_profiles',
  {
    id: serial('id').primaryKey(),
    participantId: integer('participant_id')
      .notNull()
      .unique()
      .references(() => participants.id),
    userId: text('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    guardianId: integer('guardian_id').references((): AnyPgColumn => participantProfiles.id, { onDelete: 'cascade' }),
    relationship: relationshipEnum('relationship'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: genderEnum('gender').notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    /** The holder's login email, or a minor's own (optional) email. */
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    zip: text('zip'),
    area: text('area'),
    emergencyFirstName: text('emergency_first_name'),
    emergencyLastName: text('emergency_last_name'),
    emergencyPhone: text('emergency_phone'),
    emergencyCell: text('emergency_cell'),
    emergencyEmail: text('emergency_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('participant_profiles_guardian_idx').on(t.guardianId),
    index('participant_profiles_identity_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.birthday),
  ],
);

/** One account creation per stepper submission: a repeated submit answers the first one's account. */
export const accountSubmissions = pgTable('account_submissions', {
  submissionId: text('submission_id').primaryKey(),
  profileId: integer('profile_id')
    .notNull()
    .references(() => participantProfiles.id, { onDelete: 'cascade' }),
  minors: integer('minors').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A password reset (spec §4: valid one hour, usable once). Only the SHA-256 of the mailed
 * token is kept; `used_at` marks it spent (a later use reads 'already been used').
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Attempts counted for the account rate limits: failed logins per account (`email:<address>`)
 * and per network address (`ip:<address>`), and password-reset requests per network address
 * (`reset-ip:<address>`). Rows older than the window are pruned as new ones are written.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.at)],
);

/**
 * Imported racer records a participant claimed as theirs (issue 11 "Profiles"): same name and
 * date of birth, or licence number; never by name alone. Claimed records join the profile's
 * rider in series standings.
 */
export const participantClaims = pgTable(
  'participant_claims',
  {
    participantId: integer('participant_id')
      .primaryKey()
      .references(() => participants.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => participantProfiles.id, { onDelete: 'cascade' }),
    /** How the claim was proven: `licence` or `birthday`. */
    method: text('method').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('participant_claims_profile_idx').on(t.profileId)],
);

// ---------------------------------------------------------------------------------------------
// Promoter staff (issue 22; spec §6 Roles): the logins that act for a promoter (club). A login
// with role `promoter` may manage exactly the promoters linked here (lib/server/policy).

/** A login linked to a promoter it acts for (one login may staff several promoters). */
export const promoterStaff = pgTable(
  'promoter_staff',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    promoterId: integer('promoter_id')
      .notNull()
      .references(() => promoters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promoter_staff_uq').on(t.userId, t.promoterId), index('promoter_staff_promoter_idx').on(t.promoterId)],
);

// ---------------------------------------------------------------------------------------------
// Rate limits (issue 22; lib/server/rate-limit): one counter per policy, key and fixed window,
// shared by every site instance on this database and kept across restarts.

/**
 * Attempts counted by a rate-limit policy (lib/server/rate-limit/policies.ts): one row per
 * policy and key, its window opened by the first attempt counted (`window_start`) and closing
 * at `expires_at`; the next attempt after that opens a new window. `key` holds SHA-256 (hex)
 * digests of what the policy counts by (an account, an address, both: `<account>|<address>`),
 * never an email or IP in clear. Rows past `expires_at` are deleted as new ones are written.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    policy: text('policy').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.policy, t.key] }), index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------
// The promoter's desk (issue 24; lib/server/desk): every change a promoter's staff or an admin
// makes from the desk, recorded once and never changed.

/** What the desk changed: its kinds of record. */
export const DESK_ENTITIES = ['event', 'race', 'class', 'series', 'promoter', 'organization', 'membership_type', 'registration'] as const;
/** What was done to it. */
export const DESK_ACTIONS = ['create', 'update'] as const;

/**
 * The desk's audit log: who (`user_id`, kept when the login is deleted: `on delete set null`
 * would lose the record, so the id stays as written), when, which record of which promoter
 * (and event), and the record's fields before and after (null before a create). Rows are only
 * ever added; listed per event on the desk.
 */
export const deskAudit = pgTable(
  'desk_audit',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: text('user_id').notNull(),
    promoterId: integer('promoter_id')
      .notNull()
      .references(() => promoters.id),
    eventId: integer('event_id').references(() => events.id),
    entity: text('entity', { enum: DESK_ENTITIES }).notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action', { enum: DESK_ACTIONS }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('desk_audit_event_idx').on(t.eventId, t.at), index('desk_audit_promoter_idx').on(t.promoterId, t.at)],
);

// ---------------------------------------------------------------------------------------------
// The checkout (issue 26; spec §3 Transaction; DESIGN.md "Money is only ever added to"): an order
// with its lines, priced once (lib/server/checkout/pricing.ts) and never updated; what happens to
// it afterwards is a new row (a payment, a refund, a released hold), and its state is derived from
// those facts (lib/server/checkout/order-state.ts). No table here has an `updated_at` or a state
// column. Logins are kept as written (`user_id`, `recorded_by`, `requested_by`: no foreign key, as
// `desk_audit`): closing an account deletes the login, never the money records.

/** The list of `PROVINCES` as SQL (the check on `orders.province`). */
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A promo code (lib/server/checkout/promo.ts `Promo`): percent (basis points, 1..10000) or amount
 * (cents), its dates (inclusive moments), usage limits (in all and per buyer; uses are counted
 * from the orders: paid, or still held), what kinds it applies to, and optionally one
 * organization or event. `code` is stored normalized (`normalizePromoCode`) and unique whatever
 * its case.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind', { enum: PROMO_KINDS }).notNull(),
    value: integer('value').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerBuyer: integer('max_uses_per_buyer'),
    appliesTo: purchaseKind('applies_to').array().notNull(),
    organizationId: integer('organization_id').references(() => organizations.id),
    eventId: integer('event_id').references(() => events.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_uq').on(sql`upper(${t.code})`),
    check('promo_codes_kind_ck', sql`${t.kind} in (${inList(PROMO_KINDS)})`),
    check('promo_codes_value_ck', sql`${t.value} >= 1 and (${t.kind} <> 'percent' or ${t.value} <= 10000)`),
    check('promo_codes_uses_ck', sql`(${t.maxUses} is null or ${t.maxUses} >= 0) and (${t.maxUsesPerBuyer} is null or ${t.maxUsesPerBuyer} >= 0)`),
    check('promo_codes_applies_ck', sql`cardinality(${t.appliesTo}) >= 1`),
  ],
);

/**
 * An order (spec §3 Transaction): who buys (`user_id`, a login), from whom (the organization, or
 * the event with its promoter), the place of supply (`province`) and the buyer's language
 * (`locale`, for the receipt), the priced amounts in cents (`taxes`: per code and rate, as
 * `priceOrder` gave them), the promo code applied, the provider chosen, and how long what it
 * reserves is held. `public_id` names it in URLs, receipts and at the provider. Never updated.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    userId: text('user_id').notNull(),
    organizationId: integer('organization_id').references(() => organizations.id),
    eventId: integer('event_id').references(() => events.id),
    promoterId: integer('promoter_id').references(() => promoters.id),
    province: text('province').notNull(),
    locale: text('locale').notNull(),
    currency: text('currency').notNull().default('CAD'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    taxes: jsonb('taxes').$type<LineTax[]>().notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    promoCode: text('promo_code'),
    provider: paymentProviderEnum('provider').notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    /** The form submission that made it (issue 27 "submitting twice registers once"): a second submission answers the first order. */
    submissionId: uuid('submission_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_promo_idx').on(t.promoCodeId),
    index('orders_hold_idx').on(t.holdExpiresAt),
    check('orders_currency_ck', sql`${t.currency} = 'CAD'`),
    check('orders_province_ck', sql`${t.province} ~ '^[A-Z]{2}$'`),
    check('orders_amounts_ck', sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.taxCents} >= 0 and ${t.totalCents} >= 0 and ${t.discountCents} <= ${t.subtotalCents}`),
    check('orders_total_ck', sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.taxCents}`),
    check('orders_promo_ck', sql`(${t.promoCodeId} is null) = (${t.promoCode} is null)`),
  ],
);

/**
 * One line of an order, priced (`PricedLine`): what it is (`kind`, `description` in the buyer's
 * language), its amounts in cents and its taxes. What it buys: a membership line names its type
 * (`membership_type_id`) and who it is for (`participant_id`); an entry will name its event and
 * class (`event_id`, `class_id`), a ticket its event (`event_id`): the issues that sell them add
 * any further column they need with their own migration. Never updated.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: purchaseKind('kind').notNull(),
    description: text('description').notNull(),
    unitCents: integer('unit_cents').notNull(),
    quantity: integer('quantity').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    taxes: jsonb('taxes').$type<LineTax[]>().notNull(),
    membershipTypeId: integer('membership_type_id').references(() => membershipTypes.id),
    participantId: integer('participant_id').references(() => participants.id),
    eventId: integer('event_id').references(() => events.id),
    classId: integer('class_id').references(() => classes.id),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_amounts_ck', sql`${t.unitCents} >= 0 and ${t.quantity} >= 1 and ${t.subtotalCents} = ${t.unitCents} * ${t.quantity} and ${t.discountCents} >= 0 and ${t.discountCents} <= ${t.subtotalCents} and ${t.taxCents} >= 0`),
    check('order_lines_total_ck', sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.taxCents}`),
    check('order_lines_membership_ck', sql`${t.kind} <> 'membership' or (${t.membershipTypeId} is not null and ${t.participantId} is not null)`),
  ],
);

/** A hold that ended without payment (released early, or expired and swept): one per order, never removed. */
export const orderReleases = pgTable(
  'order_releases',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason', { enum: RELEASE_REASONS }).notNull(),
  },
  (t) => [check('order_releases_reason_ck', sql`${t.reason} in (${inList(RELEASE_REASONS)})`)],
);

/**
 * Money received for an order, in cents (> 0), by a provider: Stripe's payment (its
 * `provider_transaction_id`, unique: the same transaction is recorded once), or the office (staff
 * marked it paid: `recorded_by`). `disposition` is what was decided when it arrived (keep it, or
 * send it back: `reason`); a payment sent back has its refund beside it.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: paymentProviderEnum('provider').notNull(),
    amountCents: integer('amount_cents').notNull(),
    providerTransactionId: text('provider_transaction_id').unique(),
    recordedBy: text('recorded_by'),
    disposition: text('disposition', { enum: PAYMENT_DISPOSITIONS }).notNull(),
    reason: text('reason', { enum: PAYMENT_REASONS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    check('payments_amount_ck', sql`${t.amountCents} > 0`),
    check('payments_disposition_ck', sql`${t.disposition} in (${inList(PAYMENT_DISPOSITIONS)}) and ${t.reason} in (${inList(PAYMENT_REASONS)})`),
  ],
);

/**
 * Money sent back, in cents (> 0), against one payment, with its reason (never empty), the
 * idempotency key it was asked with (unique: the same request is recorded once, and the same key
 * is what the provider was called with), the provider's refund id, and who asked (null: the
 * checkout itself, a late payment sent back).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerRefundId: text('provider_refund_id').unique(),
    requestedBy: text('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_payment_idx').on(t.paymentId),
    check('refunds_amount_ck', sql`${t.amountCents} > 0`),
    check('refunds_reason_ck', sql`length(btrim(${t.reason})) > 0`),
  ],
);

/** A provider's webhook event, recorded when it is processed: the primary key makes each one processed once. */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: paymentProviderEnum('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    orderId: integer('order_id').references(() => orders.id),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * A member's permanent number in an organization (issue 26: "the holder receives a permanent
 * member number (the same every season)"): one per person and organization, unique in the
 * organization, allocated in order (1, 2, …) under a lock when a first membership is paid.
 */
export const memberNumbers = pgTable(
  'member_numbers',
  {
    participantId: integer('participant_id')
      .notNull()
      .references(() => participants.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    number: integer('number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.participantId, t.organizationId] }),
    uniqueIndex('member_numbers_org_number_uq').on(t.organizationId, t.number),
    check('member_numbers_number_ck', sql`${t.number} >= 1`),
  ],
);

/**
 * A receipt (issue 26 "Receipts as a PDF and an email"): one per paid order, numbered by its `id`
 * (printed R-000123), written in the same transaction as the payment that completed the order,
 * in the order's language; never changed (the PDF is rendered again from the order's facts).
 */
export const receipts = pgTable('receipts', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  locale: text('locale').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A provider's payment page opened for an order (issue 26 "a session not paid by then is expired
 * at Stripe"): Stripe's Checkout Session id and when it stops taking payment; the hold sweeper
 * expires the sessions of the orders it releases. Only ever added to.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkout_sessions_order_idx').on(t.orderId)],
);

/** A renewal reminder sent for a membership (issue 26 "a reminder email 30 days before"): at most one per membership. */
export const membershipReminders = pgTable('membership_reminders', {
  membershipId: integer('membership_id')
    .primaryKey()
    .references(() => memberships.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Binary data (PostgreSQL `bytea`) as a Buffer: a waiver's signature and selfie images. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** A waiver's state once answered (spec §4 Waiver: signed, not signed, rejected); "not signed" is the absence of a document. */
export const WAIVER_STATES = ['signed', 'rejected'] as const;

/**
 * A signed (or rejected) waiver (issue 27 "Waivers"; spec §2 /waiver/{documentUUID}, §4 Waiver):
 * the exact text shown (its title, body and SHA-256: the version), who it covers and who signed
 * (the rider, their guardian, or the minor with the guardian), the consents, the drawn signature
 * and the selfie with their SHA-256, when, from which address and browser, in which language.
 * Never changed (a correction is a new document): a trigger refuses UPDATE, and DELETE before
 * `keep_until` (the retention job deletes what has expired and leaves its line in `waiver_audit`).
 */
export const waiverDocuments = pgTable(
  'waiver_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `entry` (a rider's event registration) or `spectator` (issue 28). */
    kind: text('kind').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** The racer the waiver covers, when a racer record exists. */
    participantId: integer('participant_id').references(() => participants.id),
    coveredName: text('covered_name').notNull(),
    /** YYYY-MM-DD: a minor's waiver is kept until 18 plus the limitation period. */
    coveredBirthday: date('covered_birthday', { mode: 'string' }),
    signatoryUserId: text('signatory_user_id'),
    signatoryName: text('signatory_name').notNull(),
    /** `self`, `guardian` (for a minor) or `minor` (the minor's own signature beside the guardian's). */
    signatoryRole: text('signatory_role').notNull(),
    textVersion: text('text_version').notNull(),
    textTitle: text('text_title').notNull(),
    textBody: text('text_body').notNull(),
    locale: text('locale').notNull(),
    state: text('state', { enum: WAIVER_STATES }).notNull(),
    consentElectronic: boolean('consent_electronic').notNull(),
    agreed: boolean('agreed').notNull(),
    certified: boolean('certified').notNull(),
    signaturePng: bytea('signature_png'),
    signatureSha256: text('signature_sha256'),
    selfieJpeg: bytea('selfie_jpeg'),
    selfieSha256: text('selfie_sha256'),
    /** A minor's own signature beside the guardian's, when the federation's setting asks for it (issue 27), and its SHA-256. */
    minorSignaturePng: bytea('minor_signature_png'),
    minorSignatureSha256: text('minor_signature_sha256'),
    /** The official who witnessed a signature taken in person at sign-on (`users.id`), or null when signed by the signatory's own login. */
    witnessUserId: text('witness_user_id'),
    /** The spectator the waiver covers (issue 28), when it is a spectator's. */
    spectatorId: uuid('spectator_id').references((): AnyPgColumn => spectators.id),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    /** The retention job may delete it from the day after. */
    keepUntil: date('keep_until', { mode: 'string' }).notNull(),
  },
  (t) => [index('waiver_documents_event_idx').on(t.eventId, t.participantId), check('waiver_documents_state_ck', sql`${t.state} in ('signed', 'rejected')`)],
);

// ---------------------------------------------------------------------------------------------
// Spectator tickets (issue 28; spec §3 Spectator, §4 Spectator registration, §5 Spectator): a
// buyer's registration for one event day, its spectators (each with their own waiver, signed on
// the same phone or by the emailed link /waiver/{signing_id}), the tickets issued when the order
// is paid (or reserved unpaid at the gate), and the gate's scans, only ever added to: one
// admission per ticket is a unique index, so two gates scanning at once admit once.

/** A spectator registration's states (spec §4 Spectator registration: it ends complete or canceled). */
export const SPECTATOR_REGISTRATION_STATES = ['open', 'complete', 'canceled'] as const;

/** One buyer's spectator registration for an event day (spec §4: four steps, then payment). */
export const spectatorRegistrations = pgTable(
  'spectator_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** The event day the tickets are for (YYYY-MM-DD). */
    day: date('day', { mode: 'string' }).notNull(),
    /** The buyer's login (`users.id`; no foreign key: money records outlive a closed account). */
    buyerUserId: text('buyer_user_id').notNull(),
    state: text('state', { enum: SPECTATOR_REGISTRATION_STATES }).notNull().default('open'),
    /** The order of its tickets, once the summary is confirmed. */
    orderId: integer('order_id').references((): AnyPgColumn => orders.id),
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it became complete (paid, or reserved at the gate) or canceled. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The step-1 form that created the buyer's spectator account with it (a visitor's purchase): the same form sent twice creates one account. */
    submissionId: uuid('submission_id').unique(),
  },
  (t) => [index('spectator_registrations_event_idx').on(t.eventId, t.day), index('spectator_registrations_buyer_idx').on(t.buyerUserId)],
);

/** A person on a spectator registration (spec §3 Spectator): the buyer themself or another adult or a minor. */
export const spectators = pgTable(
  'spectators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => spectatorRegistrations.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    day: date('day', { mode: 'string' }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender').notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    /** An adult's own email (their waiver link and ticket go there); null for a minor (the buyer's). */
    email: text('email'),
    isBuyer: boolean('is_buyer').notNull().default(false),
    /** The spectator's own login when they have one (the buyer's, or an existing account matched by email). */
    userId: text('user_id'),
    /** The address of their waiver by email, `/waiver/{signingId}`: unguessable, the capability to sign. */
    signingId: uuid('signing_id').notNull().defaultRandom().unique(),
    /** Taken off the registration before it was paid (a person removed at step 3). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('spectators_registration_idx').on(t.registrationId), index('spectators_event_idx').on(t.eventId, t.day)],
);

/** A ticket: one per spectator, issued when the order is paid or reserved to pay at the gate; voided by a refund of its line (derived, never edited). */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    spectatorId: uuid('spectator_id')
      .notNull()
      .references(() => spectators.id)
      .unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    day: date('day', { mode: 'string' }).notNull(),
    orderLineId: integer('order_line_id')
      .notNull()
      .references((): AnyPgColumn => orderLines.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tickets_event_idx').on(t.eventId, t.day)],
);

/**
 * A ticket given to another person (issue 28 "a ticket given to another person needs that person's
 * waiver before it scans"): the old ticket is voided by this row, the new one (the same order line,
 * the new person's spectator row) admits once its holder's waiver is signed. Only ever added to.
 */
export const ticketTransfers = pgTable('ticket_transfers', {
  /** The id the buyer's form made: the same transfer sent twice is recorded once. */
  id: uuid('id').primaryKey(),
  fromTicketId: uuid('from_ticket_id')
    .notNull()
    .references(() => tickets.id)
    .unique(),
  toTicketId: uuid('to_ticket_id')
    .notNull()
    .references(() => tickets.id)
    .unique(),
  toSpectatorId: uuid('to_spectator_id')
    .notNull()
    .references(() => spectators.id)
    .unique(),
  /** Who gave it (`users.id`: the registration's buyer). */
  byUserId: text('by_user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a scan at the gate found (pretix's reason codes): admitted once; else why not. */
export const TICKET_SCAN_RESULTS = ['admitted', 'already_used', 'unpaid', 'voided', 'waiver_missing', 'wrong_day', 'wrong_event', 'invalid'] as const;

/** Every scan at the gate, as recorded (offline scans when their device sent them): only ever added to. */
export const ticketScans = pgTable(
  'ticket_scans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The ticket, when the code named a real one (null for a forged or unreadable code). */
    ticketId: uuid('ticket_id').references(() => tickets.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    /** The id the scanning device gave the scan: the same scan sent twice is recorded once. */
    deviceScanId: uuid('device_scan_id').notNull().unique(),
    gate: text('gate').notNull(),
    result: text('result', { enum: TICKET_SCAN_RESULTS }).notNull(),
    /** When it was scanned on the device, and when the server recorded it (later for an offline scan). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    scannedBy: text('scanned_by').notNull(),
    offline: boolean('offline').notNull().default(false),
  },
  (t) => [
    index('ticket_scans_event_idx').on(t.eventId, t.scannedAt),
    // One admission per ticket, whatever the number of gates scanning it at once.
    uniqueIndex('ticket_scans_admitted_uq').on(t.ticketId).where(sql`${t.result} = 'admitted'`),
  ],
);

/** What happened to waivers (signed, emailed, deleted by retention …): kept after the document itself is gone. */
export const waiverAudit = pgTable(
  'waiver_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The document (no foreign key: the line outlives it). */
    documentId: uuid('document_id').notNull(),
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who did it (`users.id`), or null for the site's own jobs. */
    actor: text('actor'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('waiver_audit_document_idx').on(t.documentId)],
);
