/**
 * The public membership pages' reads (issue 26; spec §2 /membership/type/{id?},
 * /membership/classes/{id?}, /membership/members, /membership/members/{id}). One use case per
 * file; this file only re-exports.
 */
export { countClassMembers } from './count-class-members';
export { getMembershipClass, type MembershipClassDetails } from './get-membership-class';
export { getMembershipType, type MembershipTypeDetails } from './get-membership-type';
export { getPublicMembership, type PublicMembership } from './get-public-membership';
export { listMemberFilters, type MemberFilterOrganization } from './list-member-filters';
export { listMembershipClasses, type MembershipClassRow, type OrganizationMembershipClasses } from './list-membership-classes';
export { listMembershipTypesByOrganization, type OrganizationMembershipTypes } from './list-membership-types-by-organization';
export { listPublicMembers, type PublicMemberFilters, type PublicMemberPage, type PublicMemberRow } from './list-members';
export { MEMBERSHIP_STATES, membershipState, type MembershipState } from './membership-state';
export { listPublicOrganizationNames, type OrganizationName } from './public-organizations';
