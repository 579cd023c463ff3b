/** The promoter's desk (issue 24): one use case per file; this index only re-exports. */
export { changesOf, getDeskEvent, listAudit, listEventAudit, type DeskAuditRow, type DeskEvent } from './get-desk-event';
export { DESK_EVENTS_MAX, listDeskEvents, type DeskEventRow } from './list-desk-events';
export { listDeskPromoters } from './list-desk-promoters';
export { createEvent, updateEvent } from './save-event';
export { listDeskRaces, updateRace, type DeskRaceRow } from './save-race';
export { importResults, PREVIEW_ROWS, previewResults, type ResultsPreview } from './upload-results';
export { getDeskSeries, listDeskSeries, listEventClasses, listPromoterEvents, listSeriesAudit, type DeskSeries, type DeskSeriesEventOption, type DeskSeriesRow } from './get-desk-series';
export { previewSeries } from './preview-series';
export { createSeries, updateSeries } from './save-series';
export { eventClassOptions, listEventClassFees, saveEventClasses, type DeskEventClassRow } from './event-classes';
export { deskOrganization, listDeskOrganizations, listOrganizationClasses, listOrganizationGroups, type DeskClassRow, type DeskOrganization } from './list-desk-classes';
export { createClass, updateClass } from './save-class';
export { applyRiders, listDeskRiders, previewRiders } from './riders';
export { feedStatus, getLiveFeed, saveLiveFeed, startLiveFeed, stopLiveFeed } from './live-feed';
export { deskClub, listDeskTexts } from './list-desk-texts';
export { saveClubTexts } from './save-club-texts';
export { saveOrganizationTexts } from './save-organization-texts';
export { saveMembershipTypeTexts } from './save-membership-type-texts';
