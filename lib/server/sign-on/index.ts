/** Sign-on at the event (issue 27): the list of registered riders and what officials record at the gate. */
export { getSignOnList, signOnEvent } from './get-sign-on-list';
export { recordSignOn } from './record-sign-on';
