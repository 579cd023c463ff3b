/**
 * Riders (issue 25 "One rider, one profile"): who is one person across their participant
 * records, and their public rider page. One use case per file; this file only re-exports.
 */
export { getRiderProfile, type ProfileBestLap, type ProfileEvent, type ProfileRace, type RiderProfile } from './get-rider-profile';
export { groupByPerson, personItemsOf, personParticipants, type PersonItem, type PersonRow } from './person-identity';
