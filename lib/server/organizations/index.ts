/**
 * Organizations (sanctioning bodies) as visitors see them (spec §2 Organization pages, §7
 * livelaps/organization/{id}). One use case per file.
 */
export { ORGANIZATION_SECTIONS, organizationPath, parseOrganizationPath, type OrganizationRoute, type OrganizationSection } from './route';
export { defaultOrganizationId } from './default-organization';
export { getOrganizationContact, getPublicOrganization, type ClubSummary, type OrganizationDetails } from './get-organization';
export { getOrganizationCounts, type OrganizationCounts } from './get-organization-counts';
export { listOrganizations, type OrganizationCard } from './list-organizations';
export { isOrganizationEvent, listOrganizationEvents } from './list-organization-events';
export { listOrganizationClasses, type ClassRow, type OrganizationClasses } from './list-organization-classes';
export { listMembershipTypes, type MembershipTypeRow } from './list-membership-types';
export { listOrganizationMembers, memberSearch, MEMBERS_PAGE_SIZE, MEMBER_SEARCH_MAX, type MemberPage, type MemberRow } from './list-organization-members';
export { listOrganizationSeries } from './list-organization-series';
