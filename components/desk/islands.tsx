'use client';
/**
 * The desk's event form, race rows, results upload and series form as islands: server-rendered in place, its code fetched on the
 * visitor's first interaction with it (components/ui/island.tsx, issue 23).
 */
import { islandOf } from '@/components/ui/island';

const onServer = typeof window === 'undefined';
// The server renders the component in place, so it has its module at hand (top-level await,
// server only: the browser build drops this import and fetches the module with its island).
const eventForm = onServer ? await import('./EventForm') : null;
const raceRows = onServer ? await import('./RaceRows') : null;
const resultsUpload = onServer ? await import('./ResultsUpload') : null;
const seriesForm = onServer ? await import('./SeriesForm') : null;
const riderMerge = onServer ? await import('./RiderMerge') : null;
const liveFeedPanel = onServer ? await import('./LiveFeedPanel') : null;
const eventClasses = onServer ? await import('./EventClasses') : null;
const classEditor = onServer ? await import('./ClassEditor') : null;
const textsEditor = onServer ? await import('./TextsEditor') : null;
const registrationSettings = onServer ? await import('./RegistrationSettings') : null;

export const EventFormIsland = islandOf(() => import('./EventForm'), eventForm, 'EventForm', { queries: true });
export const RaceRowsIsland = islandOf(() => import('./RaceRows'), raceRows, 'RaceRows', { queries: true });
export const ResultsUploadIsland = islandOf(() => import('./ResultsUpload'), resultsUpload, 'ResultsUpload', { queries: false });
export const SeriesFormIsland = islandOf(() => import('./SeriesForm'), seriesForm, 'SeriesForm', { queries: true });
export const RiderMergeIsland = islandOf(() => import('./RiderMerge'), riderMerge, 'RiderMerge', { queries: true });
/** Woken when it comes on screen too: it keeps the feed's status up to date by itself. */
export const LiveFeedPanelIsland = islandOf(() => import('./LiveFeedPanel'), liveFeedPanel, 'LiveFeedPanel', { queries: true, wakeOnView: true });
export const EventClassesIsland = islandOf(() => import('./EventClasses'), eventClasses, 'EventClasses', { queries: true });
export const ClassEditorIsland = islandOf(() => import('./ClassEditor'), classEditor, 'ClassEditor', { queries: true });
export const TextsEditorIsland = islandOf(() => import('./TextsEditor'), textsEditor, 'TextsEditor', { queries: true });
export const RegistrationSettingsIsland = islandOf(() => import('./RegistrationSettings'), registrationSettings, 'RegistrationSettings', { queries: true });

const startGridButtons = onServer ? await import('./StartGridButtons') : null;
/** The start grid's Draw / Back to registration order buttons (issue 27); the grid itself is server HTML (./StartGrid). */
export const StartGridButtonsIsland = islandOf(() => import('./StartGridButtons'), startGridButtons, 'StartGridButtons', { queries: false });

const spectatorSettings = onServer ? await import('./SpectatorSettings') : null;
/** The event's spectator-ticket settings form (issue 28). */
export const SpectatorSettingsIsland = islandOf(() => import('./SpectatorSettings'), spectatorSettings, 'SpectatorSettings', { queries: true });
