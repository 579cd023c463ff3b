/** Confirming competition licences (issue 29): the list and the confirmation. Only re-exports. */
export { confirmLicence, confirmLicenceInput } from './confirm-licence';
export { assertMayConfirm, type LicenceRow } from './licence-context';
export { LICENCE_LIST_MAX, licencesToConfirm } from './list-licences';
